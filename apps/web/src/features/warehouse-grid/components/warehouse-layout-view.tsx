import { Button, Card, Group, Skeleton, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileExport, IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { memo, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/error-state.tsx";
import { useErrorMessage } from "../../../lib/use-error-message.ts";
import { fetchWarehouseInventory } from "../api/location-contents.ts";
import { useGridSearch } from "../api/matching-positions.ts";
import { useWarehouseGrid } from "../api/warehouse-grid.ts";
import { downloadText } from "../lib/download.ts";
import { inventoryCsv, inventoryFileName } from "../lib/grid-export.ts";
import type { GridTarget } from "../lib/grid-model.ts";
import { positionKey } from "../lib/grid-model.ts";
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

interface LayoutToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  exporting: boolean;
  /** Present where the inventory may be exported. */
  onExport: (() => Promise<void>) | undefined;
}

/** The search box and the inventory export, above the grid; unchanged when only the grid changes. */
const LayoutToolbar = memo(function LayoutToolbar({
  search,
  onSearch,
  exporting,
  onExport,
}: LayoutToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t("grid.search")}
        placeholder={t("grid.searchPlaceholder")}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        maxLength={200}
        w={{ base: "100%", xs: 320 }}
      />
      {onExport ? (
        <Button
          variant="default"
          leftSection={<IconFileExport size={18} aria-hidden />}
          onClick={() => void onExport()}
          loading={exporting}
        >
          {t("grid.exportInventory")}
        </Button>
      ) : null}
    </Group>
  );
});

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
  const describe = useErrorMessage();
  const grid = useWarehouseGrid(warehouseId);
  const [search, setSearch] = useState("");
  const matches = useGridSearch(warehouseId, search);
  const [exporting, setExporting] = useState(false);
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
        itemCount: position?.itemCount ?? 0,
      });
    },
    [data],
  );

  // The grid carries no items: the export asks for every item of the warehouse as it is now.
  const exportInventory = useCallback(async () => {
    setExporting(true);
    try {
      const inventory = await fetchWarehouseInventory(warehouseId);
      const file = inventoryFileName(inventory.warehouse.name);
      downloadText(file, inventoryCsv(inventory));
      notifications.show({ color: "green", message: t("grid.exported", { file }) });
    } catch (error) {
      notifications.show({ color: "red", message: describe(error) });
    } finally {
      setExporting(false);
    }
  }, [warehouseId, t, describe]);

  // The search and the export are there from the start: only the grid waits for its data.
  let layout: ReactNode;
  if (grid.isPending) {
    layout = <LayoutSkeleton />;
  } else if (grid.isError) {
    layout = <ErrorState error={grid.error} onRetry={() => grid.refetch()} retrying={grid.isFetching} />;
  } else {
    layout = (
      <Card withBorder radius="md" padding="md">
        <WarehouseGrid
          data={grid.data}
          mode="view"
          search={matches.result}
          selectedKey={opened ? positionKey(opened.shelf, opened.section) : null}
          onCellClick={setOpened}
          onContainerDelete={canDelete ? onContainerDelete : undefined}
        />
      </Card>
    );
  }

  return (
    <Stack>
      <LayoutToolbar
        search={search}
        onSearch={setSearch}
        exporting={exporting}
        onExport={canExport ? exportInventory : undefined}
      />
      {matches.error ? <ErrorState error={matches.error} onRetry={() => void matches.retry()} /> : null}
      {layout}
      <LocationDetailsModal
        warehouseName={data?.warehouse.name ?? ""}
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
