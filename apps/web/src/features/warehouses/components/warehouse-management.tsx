import { Alert, Button, Group, Modal, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconBuildingWarehouse, IconLayoutGrid, IconStack2 } from "@tabler/icons-react";
import type { AdminCredentials, WarehouseSummary } from "@wms/domain";
import { warehouseHasStockMessage } from "@wms/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AdminCredentialsModal } from "../../../components/admin-credentials-modal.tsx";
import { DeleteButton, EditButton } from "../../../components/row-action-buttons.tsx";
import { localized } from "../../../i18n/server-messages.ts";
import { useCreateWarehouse } from "../api/create-warehouse.ts";
import { useDeleteWarehouse } from "../api/delete-warehouse.ts";
import { useUpdateWarehouse } from "../api/update-warehouse.ts";
import { useVerifyAdmin } from "../api/verify-admin.ts";
import { ContainerShelfModal } from "./container-shelf-modal.tsx";
import {
  NEW_WAREHOUSE_VALUES,
  WarehouseFormModal,
  type WarehouseFormValues,
} from "./warehouse-form-modal.tsx";
import { WarehouseList } from "./warehouse-list.tsx";

/** Edit runs in two steps: admin credentials (checked by the server), then the prefilled form. */
type EditState =
  | { step: "credentials"; warehouse: WarehouseSummary }
  | { step: "form"; warehouse: WarehouseSummary; credentials: AdminCredentials };

interface WarehouseManagementProps {
  /** The signed-in admin's email, prefilled in the credentials dialogs. */
  adminEmail?: string;
  /** Where a card's View Layout leads (the layout view); no button without it. */
  layoutHref?: (warehouse: WarehouseSummary) => string;
}

/** The admin's Warehouse Management: add, edit, delete warehouses and add container shelves. */
export function WarehouseManagement({ adminEmail, layoutHref }: WarehouseManagementProps) {
  const { t } = useTranslation();
  const createWarehouse = useCreateWarehouse();
  const updateWarehouse = useUpdateWarehouse();
  const deleteWarehouse = useDeleteWarehouse();
  const verifyAdmin = useVerifyAdmin();
  const [addOpened, addModal] = useDisclosure(false);
  const [editing, setEditing] = useState<EditState | null>(null);
  const [deleting, setDeleting] = useState<WarehouseSummary | null>(null);
  const [addingShelfTo, setAddingShelfTo] = useState<WarehouseSummary | null>(null);

  const closeAdd = () => {
    createWarehouse.reset();
    addModal.close();
  };
  const add = async (values: WarehouseFormValues) => {
    const created = await createWarehouse.mutateAsync(values);
    notifications.show({ color: "green", message: t("warehouses.added", { name: created.name }) });
    closeAdd();
  };

  const closeEdit = () => {
    verifyAdmin.reset();
    updateWarehouse.reset();
    setEditing(null);
  };
  const checkCredentials = (credentials: AdminCredentials) => {
    if (editing?.step !== "credentials") {
      return;
    }
    const { warehouse } = editing;
    verifyAdmin.mutate(credentials, {
      onSuccess: () => {
        verifyAdmin.reset();
        setEditing({ step: "form", warehouse, credentials });
      },
    });
  };
  const saveEdit = async (values: WarehouseFormValues) => {
    if (editing?.step !== "form") {
      return;
    }
    const updated = await updateWarehouse.mutateAsync({
      id: editing.warehouse.id,
      credentials: editing.credentials,
      warehouse: values,
    });
    notifications.show({ color: "green", message: t("warehouses.updated", { name: updated.name }) });
    closeEdit();
  };

  const closeDelete = () => {
    deleteWarehouse.reset();
    setDeleting(null);
  };
  const confirmDelete = (credentials: AdminCredentials) => {
    if (!deleting) {
      return;
    }
    const { id, name } = deleting;
    deleteWarehouse.mutate(
      { id, credentials },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("warehouses.deleted", { name }) });
          closeDelete();
        },
      },
    );
  };

  const renderActions = (warehouse: WarehouseSummary) => (
    <>
      {layoutHref ? (
        <Button
          size="xs"
          component={Link}
          to={layoutHref(warehouse)}
          leftSection={<IconLayoutGrid size={16} aria-hidden />}
          aria-label={t("grid.viewLayoutLabel", { name: warehouse.name })}
        >
          {t("grid.viewLayout")}
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconStack2 size={16} aria-hidden />}
        aria-label={t("warehouses.addContainerShelfLabel", { name: warehouse.name })}
        onClick={() => setAddingShelfTo(warehouse)}
      >
        {t("warehouses.addContainerShelf")}
      </Button>
      <EditButton
        label={t("warehouses.edit")}
        accessibleLabel={t("warehouses.editLabel", { name: warehouse.name })}
        onClick={() => setEditing({ step: "credentials", warehouse })}
      />
      <DeleteButton
        label={t("warehouses.delete")}
        accessibleLabel={t("warehouses.deleteLabel", { name: warehouse.name })}
        onClick={() => setDeleting(warehouse)}
      />
    </>
  );

  const editedName = editing?.warehouse.name ?? "";
  const deletingName = deleting?.name ?? "";
  const deletingHasStock = deleting !== null && deleting.itemCount > 0;

  return (
    <Stack component="section" aria-label={t("warehouses.adminTitle")}>
      <Group justify="flex-end">
        <Button leftSection={<IconBuildingWarehouse size={18} aria-hidden />} onClick={addModal.open}>
          {t("warehouses.add")}
        </Button>
      </Group>
      <WarehouseList emptyText={t("warehouses.emptyAdmin")} renderActions={renderActions} />

      <WarehouseFormModal
        opened={addOpened}
        onClose={closeAdd}
        title={t("warehouses.addTitle")}
        submitLabel={t("warehouses.submitAdd")}
        initialValues={NEW_WAREHOUSE_VALUES}
        onSubmit={add}
        pending={createWarehouse.isPending}
        error={createWarehouse.error}
      />

      <AdminCredentialsModal
        opened={editing?.step === "credentials"}
        onClose={closeEdit}
        title={t("warehouses.credentialsTitle")}
        description={t("warehouses.editCredentialsHint", { name: editedName })}
        confirmLabel={t("warehouses.credentialsContinue")}
        defaultEmail={adminEmail}
        onSubmit={checkCredentials}
        pending={verifyAdmin.isPending}
        error={verifyAdmin.error}
      />
      <WarehouseFormModal
        opened={editing?.step === "form"}
        onClose={closeEdit}
        title={t("warehouses.editTitle", { name: editedName })}
        submitLabel={t("warehouses.submitEdit")}
        initialValues={
          editing
            ? {
                name: editing.warehouse.name,
                location: editing.warehouse.location,
                maxShelves: editing.warehouse.maxShelves,
                sectionsPerShelf: editing.warehouse.sectionsPerShelf,
              }
            : NEW_WAREHOUSE_VALUES
        }
        onSubmit={saveEdit}
        pending={updateWarehouse.isPending}
        error={updateWarehouse.error}
      />

      <Modal
        opened={deletingHasStock}
        onClose={closeDelete}
        title={t("warehouses.cannotDeleteTitle", { name: deletingName })}
        centered
      >
        <Stack>
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {localized(warehouseHasStockMessage(deleting?.itemCount ?? 0))}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={closeDelete} data-autofocus>
              {t("common.close")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <AdminCredentialsModal
        opened={deleting !== null && !deletingHasStock}
        onClose={closeDelete}
        title={t("warehouses.deleteTitle", { name: deletingName })}
        description={t("warehouses.deleteHint", { name: deletingName })}
        confirmLabel={t("warehouses.deleteConfirm")}
        defaultEmail={adminEmail}
        onSubmit={confirmDelete}
        pending={deleteWarehouse.isPending}
        error={deleteWarehouse.error}
        destructive
      />

      <ContainerShelfModal warehouse={addingShelfTo} onClose={() => setAddingShelfTo(null)} />
    </Stack>
  );
}
