import { ActionIcon, Group, Menu, Stack, Text, Title } from "@mantine/core";
import { useLongPress } from "@mantine/hooks";
import { IconDotsVertical, IconTrash } from "@tabler/icons-react";
import type { GridPosition, WarehouseGridResponse } from "@wms/domain";
import type { CSSProperties, FocusEvent, KeyboardEvent, MouseEvent } from "react";
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAed, formatQuantity } from "../../../lib/format-number.ts";
import type { GridModel, GridTarget } from "../lib/grid-model.ts";
import { buildGridModel, matchingKeys, positionKey } from "../lib/grid-model.ts";
import { GridLegend } from "./grid-legend.tsx";
import classes from "./warehouse-grid.module.css";

/** The spec's long press on a container shelf (section 9). */
export const LONG_PRESS_MS = 800;

export interface WarehouseGridProps {
  data: WarehouseGridResponse;
  /** "view": a click opens the location; "select": a click reports the position (a picker). */
  mode: "view" | "select";
  /** Highlights the positions holding a matching item (number or name). */
  searchTerm?: string;
  /** The position shown as Selected (positionKey). */
  selectedKey?: string | null;
  /** Select mode: which positions may be chosen (all when absent). */
  isSelectable?: (target: GridTarget) => boolean;
  onCellClick: (target: GridTarget) => void;
  /** Enables deleting container shelves (long press, context menu, Delete key); absent = disabled. */
  onContainerDelete?: (shelf: string) => void;
}

/** Turns an amount into the cell's figure: the legend says the values are AED. */
function bareAmount(value: string): string {
  return formatAed(value).replace(/^AED\s*/, "");
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
  searchTerm = "",
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
  const term = searchTerm.trim();
  const matches = useMemo(() => matchingKeys(data.positions, term), [data.positions, term]);
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
      {term !== "" ? (
        <Text size="sm" role="status">
          {t("grid.showingResults", { term })} · {t("grid.matches", { count: matches.size })}
        </Text>
      ) : null}
      <GridLegend mode={mode} deletable={onContainerDelete !== undefined} searching={term !== ""} />
      <CellGrid
        model={model}
        warehouseName={warehouse.name}
        matches={matches}
        searching={term !== ""}
        selectedKey={selectedKey}
        isSelectable={mode === "select" ? isSelectable : undefined}
        onReport={report}
      />
      <Stack gap="xs" component="section" aria-label={t("grid.containerShelves")}>
        <Title order={3} size="h5">
          {t("grid.containerShelves")}
        </Title>
        {model.containerShelves.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("grid.noContainerShelves")}
          </Text>
        ) : (
          <div className={classes.containers}>
            {model.containerShelves.map((shelf) => {
              const key = positionKey(shelf, null);
              const position = model.occupied.get(key) ?? null;
              const target: GridTarget = { kind: "container", shelf, section: null, position };
              return (
                <ContainerShelf
                  key={shelf}
                  shelf={shelf}
                  position={position}
                  matched={matches.has(key)}
                  dimmed={term !== "" && !matches.has(key)}
                  selected={selectedKey === key}
                  unavailable={mode === "select" && isSelectable !== undefined && !isSelectable(target)}
                  onReport={report}
                  onDelete={onContainerDelete ? deleteShelf : undefined}
                />
              );
            })}
          </div>
        )}
      </Stack>
    </Stack>
  );
}

interface CellGridProps {
  model: GridModel;
  warehouseName: string;
  matches: Set<string>;
  searching: boolean;
  selectedKey: string | null;
  isSelectable: ((target: GridTarget) => boolean) | undefined;
  onReport: (shelf: string, section: string | null) => void;
}

/** Where a cell element sits in the layout, read back from its data attributes. */
function cellOf(element: EventTarget | null): { shelf: string; section: string; button: HTMLElement } | null {
  const button = element instanceof HTMLElement ? element.closest<HTMLElement>("[data-shelf]") : null;
  const shelf = button?.dataset.shelf;
  const section = button?.dataset.section;
  return button && shelf && section ? { shelf, section, button } : null;
}

/**
 * The shelf x section cells. One click and one keyboard handler for the whole grid (no per-cell
 * closures); a single tab stop, with the arrow keys, Home and End moving between cells.
 */
function CellGrid({
  model,
  warehouseName,
  matches,
  searching,
  selectedKey,
  isSelectable,
  onReport,
}: CellGridProps) {
  const { t } = useTranslation();
  const { shelves, sections, occupied } = model;
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const isCell = (key: string | null): key is string => {
    const [shelf = "", section = ""] = key?.split("|") ?? [];
    return shelves.includes(shelf) && sections.includes(section);
  };
  // The one cell reached with Tab: the last focused, else the selected, else the first.
  const tabStop = [focusKey, selectedKey].find(isCell) ?? positionKey(shelves[0] ?? "", sections[0] ?? "");

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target);
    if (cell && cell.button.getAttribute("aria-disabled") !== "true") {
      onReport(cell.shelf, cell.section);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target);
    if (!cell) {
      return;
    }
    let row = shelves.indexOf(cell.shelf);
    let column = sections.indexOf(cell.section);
    const rtl = getComputedStyle(cell.button).direction === "rtl";
    switch (event.key) {
      case "ArrowUp":
        row -= 1;
        break;
      case "ArrowDown":
        row += 1;
        break;
      case "ArrowLeft":
        column += rtl ? 1 : -1;
        break;
      case "ArrowRight":
        column += rtl ? -1 : 1;
        break;
      case "Home":
        column = 0;
        if (event.ctrlKey) {
          row = 0;
        }
        break;
      case "End":
        column = sections.length - 1;
        if (event.ctrlKey) {
          row = shelves.length - 1;
        }
        break;
      default:
        return;
    }
    event.preventDefault();
    const shelf = shelves[Math.max(0, Math.min(shelves.length - 1, row))];
    const section = sections[Math.max(0, Math.min(sections.length - 1, column))];
    const next = gridRef.current?.querySelector<HTMLElement>(
      `[data-shelf="${CSS.escape(shelf ?? "")}"][data-section="${CSS.escape(section ?? "")}"]`,
    );
    next?.focus();
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target);
    if (cell) {
      setFocusKey(positionKey(cell.shelf, cell.section));
    }
  };

  const cells = [];
  for (const shelf of shelves) {
    cells.push(
      <div key={`row-${shelf}`} className={classes.rowHeader} aria-hidden>
        {shelf}
      </div>,
    );
    for (const section of sections) {
      const key = positionKey(shelf, section);
      const position = occupied.get(key) ?? null;
      const unavailable =
        isSelectable !== undefined && !isSelectable({ kind: "grid", shelf, section, position });
      cells.push(
        <GridCell
          key={key}
          shelf={shelf}
          section={section}
          label={cellLabel(t, `${shelf}${section}`, position, {
            matched: matches.has(key),
            selected: selectedKey === key,
            unavailable,
          })}
          quantity={position ? formatQuantity(position.totalQuantity) : null}
          value={position ? bareAmount(position.totalValue) : null}
          matched={matches.has(key)}
          dimmed={searching && !matches.has(key)}
          selected={selectedKey === key}
          unavailable={unavailable}
          tabbable={key === tabStop}
        />,
      );
    }
  }

  return (
    <div className={classes.scroller}>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a form fieldset */}
      <div
        ref={gridRef}
        className={classes.grid}
        style={{ "--grid-sections": sections.length } as CSSProperties}
        role="group"
        aria-label={t("grid.gridLabel", { name: warehouseName })}
        aria-description={t("grid.gridHint")}
        data-testid="warehouse-grid"
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div className={classes.corner} aria-hidden>
          {t("grid.sectionsHeader")}
        </div>
        {sections.map((section) => (
          <div key={`col-${section}`} className={classes.colHeader} aria-hidden>
            {section}
          </div>
        ))}
        {cells}
      </div>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];

/** What a screen reader hears: "A03, 2 items, AED 1,250.00", and whether it matches or is chosen. */
function cellLabel(
  t: Translate,
  code: string,
  position: GridPosition | null,
  state: { matched: boolean; selected: boolean; unavailable: boolean },
): string {
  let label = position
    ? t("grid.cellItems", { code, count: position.items.length, value: formatAed(position.totalValue) })
    : t("grid.cellEmpty", { code });
  if (state.matched) {
    label = t("grid.cellMatch", { label });
  }
  if (state.selected) {
    label = t("grid.cellSelected", { label });
  }
  if (state.unavailable) {
    label = t("grid.cellUnavailable", { label });
  }
  return label;
}

interface GridCellProps {
  shelf: string;
  section: string;
  label: string;
  quantity: string | null;
  value: string | null;
  matched: boolean;
  dimmed: boolean;
  selected: boolean;
  unavailable: boolean;
  tabbable: boolean;
}

/**
 * One shelf-section cell; only primitive props, so a cell re-renders only when what it shows changes.
 * The code is the cell's visible label; the quantity and value are drawn from data attributes by CSS,
 * so the accessible name (code, item count, value) contains all of the visible label (WCAG 2.5.3).
 */
const GridCell = memo(function GridCell({
  shelf,
  section,
  label,
  quantity,
  value,
  matched,
  dimmed,
  selected,
  unavailable,
  tabbable,
}: GridCellProps) {
  return (
    <button
      type="button"
      className={classes.cell}
      data-shelf={shelf}
      data-section={section}
      data-position={`${shelf}${section}`}
      data-occupied={quantity !== null || undefined}
      data-match={matched || undefined}
      data-dimmed={dimmed || undefined}
      data-selected={selected || undefined}
      aria-disabled={unavailable || undefined}
      aria-label={label}
      tabIndex={tabbable ? 0 : -1}
      data-quantity={quantity ?? undefined}
      data-value={value ?? undefined}
    >
      <span className={classes.code}>
        {shelf}
        {section}
      </span>
    </button>
  );
});

interface ContainerShelfProps {
  shelf: string;
  position: GridPosition | null;
  matched: boolean;
  dimmed: boolean;
  selected: boolean;
  unavailable: boolean;
  onReport: (shelf: string, section: string | null) => void;
  /** Present where deleting is enabled. */
  onDelete: ((shelf: string) => void) | undefined;
}

/**
 * A container shelf: a click views or selects it like a cell; where deleting is enabled, a long press
 * (800 ms), a right click, the Delete or context-menu key, or its menu button opens the delete dialog.
 */
function ContainerShelf({
  shelf,
  position,
  matched,
  dimmed,
  selected,
  unavailable,
  onReport,
  onDelete,
}: ContainerShelfProps) {
  const { t } = useTranslation();
  const longPressed = useRef(false);
  const actionsRef = useRef<HTMLButtonElement>(null);
  const requestDelete = useCallback(() => {
    longPressed.current = true;
    onDelete?.(shelf);
  }, [onDelete, shelf]);
  const longPress = useLongPress(requestDelete, {
    threshold: LONG_PRESS_MS,
    onStart: () => {
      longPressed.current = false;
    },
  });
  const pressHandlers = onDelete ? longPress : {};
  const label = cellLabel(t, shelf, position, { matched, selected, unavailable });

  return (
    <div className={classes.container}>
      <button
        type="button"
        className={classes.cell}
        data-position={shelf}
        data-container-shelf={shelf}
        data-occupied={position !== null || undefined}
        data-match={matched || undefined}
        data-dimmed={dimmed || undefined}
        data-selected={selected || undefined}
        aria-disabled={unavailable || undefined}
        aria-label={label}
        aria-keyshortcuts={onDelete ? "Delete" : undefined}
        data-quantity={position ? formatQuantity(position.totalQuantity) : undefined}
        data-value={position ? bareAmount(position.totalValue) : undefined}
        {...pressHandlers}
        onClick={() => {
          // The click that ends a long press does not also open the location.
          if (longPressed.current) {
            longPressed.current = false;
            return;
          }
          if (!unavailable) {
            onReport(shelf, null);
          }
        }}
        onContextMenu={
          onDelete
            ? (event) => {
                event.preventDefault();
                requestDelete();
              }
            : undefined
        }
        onKeyDown={
          onDelete
            ? (event) => {
                if (event.key === "Delete" || event.key === "ContextMenu") {
                  event.preventDefault();
                  requestDelete();
                }
              }
            : undefined
        }
      >
        <span className={classes.code}>{shelf}</span>
      </button>
      {onDelete ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              ref={actionsRef}
              variant="subtle"
              color="gray"
              h="auto"
              aria-label={t("grid.shelfActions", { shelf })}
            >
              <IconDotsVertical size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => {
                // The dialog returns the focus to what had it when it opened: the menu's button, not
                // this item, which disappears with the menu.
                actionsRef.current?.focus();
                onDelete(shelf);
              }}
            >
              {t("grid.deleteShelf")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </div>
  );
}
