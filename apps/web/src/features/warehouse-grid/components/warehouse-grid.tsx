import { Group, Stack, Text, Title } from "@mantine/core";
import type { WarehouseGridResponse } from "@wms/domain";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAed } from "../../../lib/format-number.ts";
import type { GridSearchResult, GridTarget } from "../lib/grid-model.ts";
import { buildGridModel, positionKey } from "../lib/grid-model.ts";
import { CellGrid } from "./cell-grid.tsx";
import { ContainerShelves } from "./container-shelves.tsx";
import { GridLegend } from "./grid-legend.tsx";

export interface WarehouseGridProps {
  data: WarehouseGridResponse;
  /** "view": a click opens the location; "select": a click reports the position (a picker). */
  mode: "view" | "select";
  /** Highlights the positions holding a matching item; null or absent while not searching. */
  search?: GridSearchResult | null;
  /** The position shown as Selected (positionKey). */
  selectedKey?: string | null;
  /** Select mode: which positions may be chosen (all when absent). */
  isSelectable?: (target: GridTarget) => boolean;
  onCellClick: (target: GridTarget) => void;
  /** Enables deleting container shelves (long press, context menu, Delete key); absent = disabled. */
  onContainerDelete?: (shelf: string) => void;
}

/**
 * The warehouse layout (spec section 2, Warehouse grid view): name, location and total value, a grid
 * of shelf x section cells (shelves down, sections across, so 100 x 20 scrolls down rather than
 * across), the Container Shelves block and the legend. One component for every view: the mode and
 * the flags decide what a click does and whether container shelves can be deleted.
 */
export function WarehouseGrid({
  data,
  mode,
  search = null,
  selectedKey = null,
  isSelectable,
  onCellClick,
  onContainerDelete,
}: WarehouseGridProps) {
  const { t } = useTranslation();
  // Measured by the benchmark: the first render of a grid, from here to the DOM being in place.
  useState(() => performance.mark("grid-render-start"));
  useLayoutEffect(() => {
    performance.mark("grid-render-end");
    performance.measure("grid-render", "grid-render-start", "grid-render-end");
  }, []);

  const model = useMemo(() => buildGridModel(data), [data]);
  const isMatch = useMemo(
    () =>
      search
        ? (target: GridTarget) =>
            target.position !== null && search.locationIds.has(target.position.locationId)
        : null,
    [search],
  );
  const { warehouse } = data;

  // Handlers read the latest props through a ref, so cells never re-render for a new callback.
  const latest = useRef({ model, onCellClick, onContainerDelete });
  latest.current = { model, onCellClick, onContainerDelete };
  const report = useCallback((shelf: string, section: string | null) => {
    const { model: current, onCellClick: click } = latest.current;
    const position = current.occupied.get(positionKey(shelf, section)) ?? null;
    click({ kind: section === null ? "container" : "grid", shelf, section, position });
  }, []);
  const deleteShelf = useCallback((shelf: string) => latest.current.onContainerDelete?.(shelf), []);
  const selectable = mode === "select" ? isSelectable : undefined;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
          {warehouse.name}
        </Title>
        <Group gap="lg" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t("grid.location")}: {warehouse.location}
          </Text>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
            {t("grid.totalValue")}: {formatAed(warehouse.totalValue)}
          </Text>
        </Group>
      </Stack>
      {search ? (
        <Text size="sm" role="status">
          {t("grid.showingResults", { term: search.term })} ·{" "}
          {t("grid.matches", { count: search.locationIds.size })}
        </Text>
      ) : null}
      <GridLegend mode={mode} deletable={onContainerDelete !== undefined} searching={search !== null} />
      <CellGrid
        model={model}
        warehouseName={warehouse.name}
        isMatch={isMatch}
        selectedKey={selectedKey}
        isSelectable={selectable}
        onReport={report}
      />
      <ContainerShelves
        model={model}
        isMatch={isMatch}
        selectedKey={selectedKey}
        isSelectable={selectable}
        onReport={report}
        onDelete={onContainerDelete ? deleteShelf : undefined}
      />
    </Stack>
  );
}
