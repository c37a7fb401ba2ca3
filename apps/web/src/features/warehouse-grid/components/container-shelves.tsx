import { ActionIcon, Menu, Stack, Text, Title } from "@mantine/core";
import { useLongPress } from "@mantine/hooks";
import { IconDotsVertical, IconTrash } from "@tabler/icons-react";
import type { GridPosition } from "@wms/domain";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { createCellTexts } from "../lib/cell-label.ts";
import type { GridModel, GridTarget } from "../lib/grid-model.ts";
import { positionKey } from "../lib/grid-model.ts";
import classes from "./warehouse-grid.module.css";

/** The spec's long press on a container shelf (section 9). */
export const LONG_PRESS_MS = 800;

interface ContainerShelvesProps {
  model: GridModel;
  isMatch: ((target: GridTarget) => boolean) | null;
  selectedKey: string | null;
  isSelectable: ((target: GridTarget) => boolean) | undefined;
  onReport: (shelf: string, section: string | null) => void;
  /** Present where deleting is enabled. */
  onDelete: ((shelf: string) => void) | undefined;
}

/** The Container Shelves block under the grid: each shelf is viewed or selected like a cell. */
export function ContainerShelves({
  model,
  isMatch,
  selectedKey,
  isSelectable,
  onReport,
  onDelete,
}: ContainerShelvesProps) {
  const { t } = useTranslation();
  return (
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
            const matched = isMatch?.(target) ?? false;
            return (
              <ContainerShelf
                key={shelf}
                shelf={shelf}
                position={position}
                matched={matched}
                dimmed={isMatch !== null && !matched}
                selected={selectedKey === key}
                unavailable={isSelectable !== undefined && !isSelectable(target)}
                onReport={onReport}
                onDelete={onDelete}
              />
            );
          })}
        </div>
      )}
    </Stack>
  );
}

interface ContainerShelfProps {
  shelf: string;
  position: GridPosition | null;
  matched: boolean;
  dimmed: boolean;
  selected: boolean;
  unavailable: boolean;
  onReport: (shelf: string, section: string | null) => void;
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
  const { label, quantity, value } = createCellTexts(t)(shelf, position, { matched, selected, unavailable });

  return (
    <div className={classes.container}>
      <button
        type="button"
        className={classes.cell}
        data-position={shelf}
        data-container-shelf={shelf}
        data-match={matched || undefined}
        data-dimmed={dimmed || undefined}
        data-selected={selected || undefined}
        aria-disabled={unavailable || undefined}
        aria-label={label}
        aria-keyshortcuts={onDelete ? "Delete" : undefined}
        data-quantity={quantity ?? undefined}
        data-value={value ?? undefined}
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
        {shelf}
      </button>
      {onDelete ? <ShelfActionsMenu shelf={shelf} onDelete={onDelete} /> : null}
    </div>
  );
}

/**
 * The menu equivalent of the long press: a button beside the shelf with Delete container shelf.
 *
 * The menu itself is made on the button's first use, and opened: a menu costs its positioning machinery on
 * every render, closed or not, and four of them were a third of the time the grid took to appear.
 * Until then the button says what it opens, as the menu's own button does.
 */
function ShelfActionsMenu({ shelf, onDelete }: { shelf: string; onDelete: (shelf: string) => void }) {
  const { t } = useTranslation();
  const actionsRef = useRef<HTMLButtonElement>(null);
  const [used, setUsed] = useState(false);
  const [opened, setOpened] = useState(false);
  // The menu's button replaces the plain one: give it the focus before the menu opens, so the menu
  // hands the focus back to it when it closes.
  useLayoutEffect(() => {
    if (used) {
      actionsRef.current?.focus();
      setOpened(true);
    }
  }, [used]);
  const button = (
    <ActionIcon
      ref={actionsRef}
      variant="subtle"
      color="gray"
      h="auto"
      aria-label={t("grid.shelfActions", { shelf })}
      {...(used ? {} : { "aria-haspopup": "menu", "aria-expanded": false, onClick: () => setUsed(true) })}
    >
      <IconDotsVertical size={16} aria-hidden />
    </ActionIcon>
  );
  if (!used) {
    return button;
  }
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{button}</Menu.Target>
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
  );
}
