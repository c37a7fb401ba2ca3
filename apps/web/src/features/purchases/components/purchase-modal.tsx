import { Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNestedDialogOpen } from "../../../components/nested-dialogs.ts";
import { closeUnlessPending } from "../../../lib/close-unless-pending.ts";
import { useCreatePurchase } from "../api/create-purchase.ts";
import { PurchaseForm } from "./purchase-form.tsx";

interface PurchaseModalProps {
  opened: boolean;
  onClose: () => void;
}

/** New Purchase (admin): invoice, date, supplier, notes and items spread over storage locations. */
export function PurchaseModal({ opened, onClose }: PurchaseModalProps) {
  const { t } = useTranslation();
  const createPurchase = useCreatePurchase();
  // Cancel and the close button reset the form: the modal unmounts its content when closed.
  const close = closeUnlessPending(createPurchase, onClose);
  // Escape in the layout chooser closes the chooser, not this form under it.
  const chooserOpen = useNestedDialogOpen();
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("purchases.title")}
      centered
      size="xl"
      closeOnEscape={!chooserOpen}
    >
      <Text size="sm" c="dimmed" mt={-8} mb="md">
        {t("purchases.subtitle")}
      </Text>
      <PurchaseForm mutation={createPurchase} onDone={close} />
    </Modal>
  );
}
