import { Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconFileUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { BulkUploadModal } from "./bulk-upload-modal.tsx";

/** 'Bulk Upload CSV' and its modal, composed into the admin's Item Management toolbar. */
export function BulkUploadButton() {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button variant="light" leftSection={<IconFileUpload size={18} aria-hidden />} onClick={modal.open}>
        {t("bulkUpload.open")}
      </Button>
      <BulkUploadModal opened={opened} onClose={modal.close} />
    </>
  );
}
