import { Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconReceipt } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PurchaseModal } from "./purchase-modal.tsx";

/** 'New Purchase' and its modal, composed into the movements and items pages for admins. */
export function NewPurchaseButton() {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button variant="light" leftSection={<IconReceipt size={18} aria-hidden />} onClick={modal.open}>
        {t("purchases.open")}
      </Button>
      <PurchaseModal opened={opened} onClose={modal.close} />
    </>
  );
}
