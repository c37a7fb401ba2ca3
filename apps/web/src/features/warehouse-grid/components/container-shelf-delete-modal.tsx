import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { AdminCredentials } from "@wms/domain";
import { containerShelfHasItemsMessage, MESSAGES } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { AdminCredentialsForm } from "../../../components/admin-credentials-modal.tsx";
import { localized } from "../../../i18n/server-messages.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { closeUnlessPending } from "../../../lib/close-unless-pending.ts";
import { useDeleteContainerShelf } from "../api/delete-container-shelf.ts";

export interface ShelfToDelete {
  warehouseId: number;
  warehouseName: string;
  shelf: string;
  /** Distinct items the shelf holds (from the grid). */
  itemCount: number;
}

interface ContainerShelfDeleteModalProps {
  /** The shelf being deleted; null when closed. */
  target: ShelfToDelete | null;
  /** The signed-in admin's email, prefilled. */
  adminEmail?: string | undefined;
  onClose: () => void;
}

/** The item count the server reported when it refused (the grid may have been out of date). */
function refusedItemCount(error: unknown): number | null {
  if (isApiError(error) && error.code === "CONTAINER_SHELF_NOT_EMPTY") {
    const count = error.details?.itemCount;
    return typeof count === "number" ? count : 1;
  }
  return null;
}

/**
 * The container shelf delete dialog (spec sections 4 and 8): a shelf holding items cannot be deleted
 * ('This container shelf has {n} item(s).' and what to do); an empty one is deleted after the admin's
 * email and password, checked by the server (product-decisions 6).
 */
export function ContainerShelfDeleteModal({ target, adminEmail, onClose }: ContainerShelfDeleteModalProps) {
  const { t } = useTranslation();
  const deleteShelf = useDeleteContainerShelf();
  const close = closeUnlessPending(deleteShelf, onClose);
  const refused = refusedItemCount(deleteShelf.error);
  const itemCount = refused ?? target?.itemCount ?? 0;

  const submit = (credentials: AdminCredentials) => {
    if (!target || itemCount > 0) {
      return;
    }
    const { warehouseId, warehouseName, shelf } = target;
    deleteShelf.mutate(
      { warehouseId, shelf, credentials },
      {
        onSuccess: () => {
          notifications.show({
            color: "green",
            message: t("grid.shelfDeleted", { shelf, name: warehouseName }),
          });
          deleteShelf.reset();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t("grid.deleteShelfTitle", { shelf: target?.shelf ?? "" })}
      centered
    >
      {itemCount > 0 ? (
        <Stack>
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            <Text size="sm">{localized(containerShelfHasItemsMessage(itemCount))}</Text>
            <Text size="sm">{localized(MESSAGES.containerShelfMoveItems)}</Text>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t("common.close")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">{localized(MESSAGES.containerShelfEmpty)}</Text>
          <AdminCredentialsForm
            description={t("grid.deleteShelfHint", {
              shelf: target?.shelf ?? "",
              name: target?.warehouseName ?? "",
            })}
            confirmLabel={t("grid.deleteShelf")}
            defaultEmail={adminEmail}
            onSubmit={submit}
            pending={deleteShelf.isPending}
            error={deleteShelf.error}
            destructive
            onCancel={close}
          />
        </Stack>
      )}
    </Modal>
  );
}
