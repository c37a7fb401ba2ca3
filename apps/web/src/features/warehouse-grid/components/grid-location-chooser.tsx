import { Alert, LoadingOverlay, Modal, Select, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import type { LocationOption } from "@wms/domain";
import { locationCode } from "@wms/domain";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/error-state.tsx";
import type { LayoutChooserProps } from "../../../components/location-layout-chooser.ts";
import { locationsQueryOptions } from "../../../lib/locations.ts";
import { useErrorMessage } from "../../../lib/use-error-message.ts";
import { useMatchingPositions } from "../api/matching-positions.ts";
import { useGridWarehouses, useWarehouseGrid } from "../api/warehouse-grid.ts";
import type { GridTarget } from "../lib/grid-model.ts";
import { positionKey } from "../lib/grid-model.ts";
import { WarehouseGrid } from "./warehouse-grid.tsx";

/**
 * The layout in select mode for the location picker: pick a warehouse, click a cell or a container
 * shelf, and the picker receives that position (for a source, only positions holding the item, which
 * the server names). The grid lists occupied positions with their ids; an empty cell's id is looked up
 * by its code.
 */
export function GridLocationChooser({
  opened,
  onClose,
  field,
  itemId,
  stockedOnly,
  excludeIds,
  current,
  onChoose,
}: LayoutChooserProps) {
  const { t } = useTranslation();
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  // Read on the first render: it decides the full-screen dialog and where the focus goes on opening.
  const phone = useMediaQuery("(max-width: 48em)", undefined, { getInitialValueInEffect: false });
  const warehouses = useGridWarehouses(opened);
  const [picked, setPicked] = useState<number | null>(current?.warehouseId ?? null);
  const list = warehouses.data?.warehouses ?? [];
  const warehouseId = picked ?? list[0]?.id ?? null;
  const grid = useWarehouseGrid(warehouseId);
  // A source must hold the item: which positions do is asked of the server (the grid has no items).
  const holdersWanted = stockedOnly && itemId !== null;
  const holders = useMatchingPositions(warehouseId, holdersWanted ? { itemId } : null);
  const holderIds = holders.data?.warehouseId === warehouseId ? holders.data.locationIds : null;
  const [resolving, setResolving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const isSelectable = useCallback(
    (target: GridTarget) => {
      if (target.position && excludeIds.includes(target.position.locationId)) {
        return false;
      }
      return (
        !stockedOnly || (target.position !== null && (holderIds?.has(target.position.locationId) ?? false))
      );
    },
    [excludeIds, holderIds, stockedOnly],
  );

  const choose = async (target: GridTarget) => {
    const warehouse = grid.data?.warehouse;
    if (!warehouse || !isSelectable(target) || resolving) {
      return;
    }
    setProblem(null);
    setResolving(true);
    try {
      // The location's id and what it holds of the item, as the picker shows it.
      const code = locationCode(warehouse.name, target.shelf, target.section);
      const { locations } = await queryClient.fetchQuery(
        locationsQueryOptions({ search: code, itemId, warehouseId: warehouse.id, stockedOnly: false }),
      );
      const location = locations.find(
        (candidate: LocationOption) =>
          candidate.warehouseId === warehouse.id &&
          candidate.shelf === target.shelf &&
          candidate.section === target.section,
      );
      if (!location) {
        setProblem(t("grid.chooseNotFound"));
      } else if (excludeIds.includes(location.id)) {
        setProblem(t("grid.chooseExcluded"));
      } else {
        onChoose(location);
      }
    } catch (error) {
      setProblem(describe(error));
    } finally {
      setResolving(false);
    }
  };

  const selectedKey =
    current && current.warehouseId === warehouseId ? positionKey(current.shelf, current.section) : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("grid.chooseTitle", { field })}
      size="90rem"
      fullScreen={phone}
      centered
    >
      <Stack pos="relative">
        <LoadingOverlay visible={resolving} />
        <Select<number>
          label={t("grid.chooseWarehouse")}
          placeholder={t("grid.chooseWarehousePlaceholder")}
          data={list.map((warehouse) => ({ value: warehouse.id, label: warehouse.name }))}
          value={warehouseId}
          onChange={(id) => {
            setPicked(id);
            setProblem(null);
          }}
          allowDeselect={false}
          searchable
          nothingFoundMessage={warehouses.isPending ? t("common.loading") : t("grid.noWarehouses")}
          // On a phone the focus stays off the search box: it would open the list and the on-screen
          // keyboard over the layout the user came to tap.
          data-autofocus={phone ? undefined : true}
        />
        <Text size="sm" c="dimmed">
          {stockedOnly ? t("grid.chooseSourceHint") : t("grid.chooseAnyHint")}
        </Text>
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        {warehouses.isError ? (
          // The layout cannot be offered without the warehouse list: the spec's words for that.
          <ErrorState
            error={warehouses.error}
            onRetry={() => warehouses.refetch()}
            retrying={warehouses.isFetching}
            texts={{ unexpected: t("warehouses.dataNotLoaded") }}
          />
        ) : warehouses.isSuccess && list.length === 0 ? (
          <Text c="dimmed">{t("grid.noWarehouses")}</Text>
        ) : grid.isError ? (
          <ErrorState error={grid.error} onRetry={() => grid.refetch()} retrying={grid.isFetching} />
        ) : holdersWanted && holders.isError ? (
          <ErrorState error={holders.error} onRetry={() => holders.refetch()} retrying={holders.isFetching} />
        ) : grid.data && (!holdersWanted || holderIds) ? (
          <WarehouseGrid
            data={grid.data}
            mode="select"
            selectedKey={selectedKey}
            isSelectable={isSelectable}
            onCellClick={(target) => void choose(target)}
          />
        ) : (
          <Text c="dimmed">{t("common.loading")}</Text>
        )}
      </Stack>
    </Modal>
  );
}
