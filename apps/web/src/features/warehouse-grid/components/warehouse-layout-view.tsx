import { Button, Card, Group, Skeleton, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileExport, IconSearch } from "@tabler/icons-react";
import { useCallback, useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/error-state.tsx";
import { useWarehouseGrid } from "../api/warehouse-grid.ts";
import { downloadText } from "../lib/download.ts";
import type { GridTarget } from "../lib/grid-model.ts";
import { inventoryCsv, inventoryFileName, positionKey } from "../lib/grid-model.ts";
import type { ShelfToDelete } from "./container-shelf-delete-modal.tsx";
import { ContainerShelfDeleteModal } from "./container-shelf-delete-modal.tsx";
import { LocationDetailsModal } from "./location-details-modal.tsx";
import { WarehouseGrid } from "./warehouse-grid.tsx";

interface WarehouseLayoutViewProps {
  warehouseId: number;
  /** Admin views: container shelves can be deleted (long press, menu, Delete key). */
  canDelete: boolean;
  /** The inventory and location CSV exports. */
  canExport: boolean;
  /** Prefills the credentials of the container shelf delete dialog. */
  adminEmail?: string | undefined;
}

/** While the grid loads: the header, the legend and a block where the cells will be. */
function LayoutSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack aria-busy="true" aria-label={t("common.loading")}>
      <Skeleton height={28} width="40%" />
      <Skeleton height={14} width="60%" />
      <Skeleton height={320} />
    </Stack>
  );
}

/**
 * The layout view (view-only mode) of one warehouse: search, the inventory CSV export, the grid, the
 * location modal and, where enabled, the container shelf delete dialog.
 */
export function WarehouseLayoutView({
  warehouseId,
  canDelete,
  canExport,
  adminEmail,
}: WarehouseLayoutViewProps) {
  const { t } = useTranslation();
  const grid = useWarehouseGrid(warehouseId);
  const [search, setSearch] = useState("");
  const term = useDeferredValue(search);
  const [opened, setOpened] = useState<GridTarget | null>(null);
  const [deleting, setDeleting] = useState<ShelfToDelete | null>(null);

  const data = grid.data;
  const onContainerDelete = useCallback(
    (shelf: string) => {
      if (!data) {
        return;
      }
      const position = data.positions.find(
        (candidate) => candidate.kind === "container" && candidate.shelf === shelf,
      );
      setDeleting({
        warehouseId: data.warehouse.id,
        warehouseName: data.warehouse.name,
        shelf,
        itemCount: position?.items.length ?? 0,
      });
    },
    [data],
  );

  if (grid.isPending) {
    return <LayoutSkeleton />;
  }
  if (grid.isError) {
    return <ErrorState error={grid.error} onRetry={() => grid.refetch()} retrying={grid.isFetching} />;
  }

  const { warehouse } = grid.data;
  const exportInventory = () => {
    const file = inventoryFileName(warehouse.name);
    downloadText(file, inventoryCsv(grid.data));
    notifications.show({ color: "green", message: t("grid.exported", { file }) });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t("grid.search")}
          placeholder={t("grid.searchPlaceholder")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: "100%", xs: 320 }}
        />
        {canExport ? (
          <Button
            variant="default"
            leftSection={<IconFileExport size={18} aria-hidden />}
            onClick={exportInventory}
          >
            {t("grid.exportInventory")}
          </Button>
        ) : null}
      </Group>
      <Card withBorder radius="md" padding="md">
        <WarehouseGrid
          data={grid.data}
          mode="view"
          searchTerm={term}
          selectedKey={opened ? positionKey(opened.shelf, opened.section) : null}
          onCellClick={setOpened}
          onContainerDelete={canDelete ? onContainerDelete : undefined}
        />
      </Card>
      <LocationDetailsModal
        warehouseName={warehouse.name}
        target={opened}
        canExport={canExport}
        onClose={() => setOpened(null)}
      />
      {canDelete ? (
        <ContainerShelfDeleteModal
          target={deleting}
          adminEmail={adminEmail}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}
