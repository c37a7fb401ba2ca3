import { Alert, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconPlus } from "@tabler/icons-react";
import type { ItemInput, ItemView } from "@wms/domain";
import { MESSAGES } from "@wms/domain";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { CardsSkeleton } from "../../../components/loading-skeleton.tsx";
import { ListPagination } from "../../../components/page-pagination.tsx";
import { DeleteButton, EditButton } from "../../../components/row-action-buttons.tsx";
import { localized } from "../../../i18n/server-messages.ts";
import { countFormat, numberLocale } from "../../../lib/format-number.ts";
import { useCreateItem } from "../api/create-item.ts";
import { useDeleteItem } from "../api/delete-item.ts";
import { useItemsList } from "../api/items-list.ts";
import { useUpdateItem } from "../api/update-item.ts";
import { hasActiveFilters, withFilterChange } from "../lib/item-filters.ts";
import { ItemCard } from "./item-card.tsx";
import { ItemFormModal, itemFormValuesOf, NEW_ITEM_VALUES } from "./item-form-modal.tsx";
import { ItemToolbar } from "./item-toolbar.tsx";
import { useItemFilters } from "./use-item-filters.ts";

interface ItemManagementProps {
  /** Admins add, edit and delete; staff only look (product-decisions 2). */
  canManage: boolean;
  /** The link to an item's history screen; none while that screen does not exist. */
  historyHref?: (item: ItemView) => string;
  /** More buttons beside Add Item, composed by the page (e.g. New Purchase). */
  toolbarActions?: ReactNode;
  /** More buttons on each item card, composed by the page (e.g. Add Storage Location). */
  itemActions?: (item: ItemView) => ReactNode;
}

/** Item Management: search, type filter, low-stock view, paginated item cards and (admin) changes. */
export function ItemManagement({ canManage, historyHref, toolbarActions, itemActions }: ItemManagementProps) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useItemFilters();
  const items = useItemsList(filters);
  const createItem = useCreateItem();
  const updateItem = useUpdateItem();
  const deleteItem = useDeleteItem();
  const [addOpened, addModal] = useDisclosure(false);
  const [editing, setEditing] = useState<ItemView | null>(null);
  const [deleting, setDeleting] = useState<ItemView | null>(null);
  const number = countFormat(numberLocale(i18n.language));

  const closeAdd = () => {
    createItem.reset();
    addModal.close();
  };
  const add = async (input: ItemInput) => {
    const created = await createItem.mutateAsync(input);
    notifications.show({ color: "green", message: t("items.added", { name: created.name }) });
    closeAdd();
  };

  const closeEdit = () => {
    updateItem.reset();
    setEditing(null);
  };
  const saveEdit = async (input: ItemInput) => {
    if (!editing) {
      return;
    }
    const updated = await updateItem.mutateAsync({ id: editing.id, item: input });
    notifications.show({ color: "green", message: t("items.updated", { name: updated.name }) });
    closeEdit();
  };

  const closeDelete = () => {
    deleteItem.reset();
    setDeleting(null);
  };
  const confirmDelete = () => {
    if (!deleting) {
      return;
    }
    const { id, name } = deleting;
    deleteItem.mutate(id, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("items.deleted", { name }) });
        closeDelete();
      },
    });
  };

  const renderActions = (item: ItemView) =>
    canManage || itemActions ? (
      <>
        {itemActions?.(item)}
        {canManage ? (
          <>
            <EditButton
              label={t("items.edit")}
              accessibleLabel={t("items.editLabel", { name: item.name })}
              onClick={() => setEditing(item)}
            />
            <DeleteButton
              label={t("items.delete")}
              accessibleLabel={t("items.deleteLabel", { name: item.name })}
              onClick={() => setDeleting(item)}
            />
          </>
        ) : null}
      </>
    ) : undefined;

  const lowStockCount = items.data?.lowStockCount ?? 0;
  const banner =
    lowStockCount > 0 || filters.lowStock ? (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm">{t("items.lowStockBanner", { count: lowStockCount })}</Text>
          <Button
            size="xs"
            variant={filters.lowStock ? "filled" : "light"}
            color="yellow"
            aria-pressed={filters.lowStock}
            onClick={() => setFilters(withFilterChange(filters, { lowStock: !filters.lowStock }))}
          >
            {filters.lowStock ? t("items.showAll") : t("items.viewLowStock")}
          </Button>
        </Group>
      </Alert>
    ) : null;

  let body: ReactNode;
  if (items.isPending) {
    body = <CardsSkeleton count={6} lines={5} />;
  } else if (items.isError) {
    body = (
      <ErrorState
        error={items.error}
        onRetry={() => items.refetch()}
        retrying={items.isFetching}
        texts={{ unexpected: t("items.loadFailed") }}
      />
    );
  } else {
    const { total, page, pageSize } = items.data;
    const pagination = (
      <ListPagination
        total={total}
        pageSize={pageSize}
        page={filters.page}
        onPageChange={(next) => setFilters({ ...filters, page: next })}
      />
    );
    if (items.data.items.length === 0) {
      let emptyText = t("items.emptyFiltered");
      if (total === 0 && !hasActiveFilters(filters)) {
        emptyText = canManage ? t("items.emptyNoneAdmin") : t("items.emptyNone");
      }
      body = (
        <>
          <EmptyState text={emptyText} />
          {total > 0 ? pagination : null}
        </>
      );
    } else {
      const from = (page - 1) * pageSize + 1;
      body = (
        <>
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }} aria-live="polite">
            {t(items.data.totalIsLowerBound ? "items.pageRangeMore" : "items.pageRange", {
              from: number.format(from),
              to: number.format(from + items.data.items.length - 1),
              total: number.format(total),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={items.isPlaceholderData}>
            {items.data.items.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                historyHref={historyHref?.(item)}
                actions={renderActions(item)}
              />
            ))}
          </SimpleGrid>
          {pagination}
        </>
      );
    }
  }

  return (
    <Stack component="section" aria-label={t("items.title")}>
      <ItemToolbar
        search={filters.search}
        type={filters.type}
        onSearchChange={(search) => setFilters(withFilterChange(filters, { search }), { replace: true })}
        onTypeChange={(type) => setFilters(withFilterChange(filters, { type }))}
        actions={
          canManage || toolbarActions ? (
            <Group gap="sm">
              {toolbarActions}
              {canManage ? (
                <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={addModal.open}>
                  {t("items.add")}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      />
      {banner}
      {body}
      {canManage ? (
        <>
          <ItemFormModal
            opened={addOpened}
            onClose={closeAdd}
            title={t("items.addTitle")}
            submitLabel={t("items.submitAdd")}
            initialValues={NEW_ITEM_VALUES}
            onSubmit={add}
            pending={createItem.isPending}
            error={createItem.error}
          />
          <ItemFormModal
            opened={editing !== null}
            onClose={closeEdit}
            title={t("items.editTitle", { name: editing?.name ?? "" })}
            submitLabel={t("items.submitEdit")}
            initialValues={editing ? itemFormValuesOf(editing) : NEW_ITEM_VALUES}
            onSubmit={saveEdit}
            pending={updateItem.isPending}
            error={updateItem.error}
          />
          <ConfirmDialog
            opened={deleting !== null}
            title={t("items.deleteTitle", { name: deleting?.name ?? "" })}
            body={t("items.deleteBody", { name: deleting?.name ?? "", itemNo: deleting?.itemNo ?? "" })}
            confirmLabel={t("items.deleteConfirm")}
            onConfirm={confirmDelete}
            onClose={closeDelete}
            loading={deleteItem.isPending}
            error={deleteItem.error}
            errorTexts={{ unexpected: localized(MESSAGES.itemDeleteFailed) }}
          />
        </>
      ) : null}
    </Stack>
  );
}
