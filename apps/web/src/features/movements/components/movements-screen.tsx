import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconClock, IconPlus } from "@tabler/icons-react";
import type { MovementView } from "@wms/domain";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table.tsx";
import { DeleteButton, EditButton } from "../../../components/row-action-buttons.tsx";
import { useDateFormat } from "../../../lib/format-date.ts";
import { useUnitTexts } from "../../../lib/unit-format.ts";
import { useMovementsList } from "../api/movements.ts";
import { hasActiveFilters, withFilterChange, withFrom, withTo } from "../lib/movement-filters.ts";
import { AddMovementModal } from "./add-movement-modal.tsx";
import type { DeleteTarget } from "./delete-movement-dialog.tsx";
import { DeleteMovementDialog } from "./delete-movement-dialog.tsx";
import { EditReasonModal } from "./edit-reason-modal.tsx";
import { LastMovementModal } from "./last-movement-modal.tsx";
import { MovementRoute, MovementTypeBadge } from "./movement-parts.tsx";
import { MovementToolbar } from "./movement-toolbar.tsx";
import { useMovementFilters } from "./use-movement-filters.ts";

interface MovementsScreenProps {
  /** The signed-in user: the Staff field's default. */
  currentUserId: number | null;
  /** Extra toolbar buttons composed by the page (admins: New Purchase). */
  actions?: ReactNode;
}

const COLUMN_COUNT = 9;

/** Stock Movements: filters in the URL, 15 a page, Add Movement, Last Movement, edit and delete. */
export function MovementsScreen({ currentUserId, actions }: MovementsScreenProps) {
  const { t } = useTranslation();
  const { filters, setFilters, today } = useMovementFilters();
  const movements = useMovementsList(filters);
  const dates = useDateFormat();
  const { withUnit } = useUnitTexts();
  const [addOpened, addModal] = useDisclosure(false);
  const [lastOpened, lastModal] = useDisclosure(false);
  const [editing, setEditing] = useState<MovementView | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);

  const reference = (movement: MovementView) =>
    [movement.supplier, movement.invoice ? t("movements.invoiceRef", { invoice: movement.invoice }) : null]
      .filter(Boolean)
      .join(" · ");

  return (
    <Stack component="section" aria-label={t("movements.title")}>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconClock size={18} aria-hidden />} onClick={lastModal.open}>
          {t("movements.last")}
        </Button>
        {actions}
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={addModal.open}>
          {t("movements.add")}
        </Button>
      </Group>
      <MovementToolbar
        type={filters.type}
        from={filters.from}
        to={filters.to}
        search={filters.search}
        onTypeChange={(type) => setFilters(withFilterChange(filters, { type }))}
        onFromChange={(from) => setFilters(withFrom(filters, from), { replace: true })}
        onToChange={(to) => setFilters(withTo(filters, to), { replace: true })}
        onSearchChange={(search) => setFilters(withFilterChange(filters, { search }), { replace: true })}
      />
      <PagedTable
        list={movements}
        rowsOf={(data) => data.movements}
        renderRow={(movement) => (
          <Table.Tr key={movement.id}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{dates.dateTime(movement.occurredAt)}</Table.Td>
            <Table.Td>
              <MovementTypeBadge movement={movement} />
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed" ff="monospace">
                {movement.itemNo}
              </Text>
              <Text size="sm">{movement.itemName}</Text>
            </Table.Td>
            <Table.Td ta="end" style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
              {withUnit(movement.quantity, movement.unit)}
            </Table.Td>
            <Table.Td>
              <MovementRoute movement={movement} />
            </Table.Td>
            <Table.Td>{movement.staffName ?? "—"}</Table.Td>
            {/* Wide enough for whole words (a squeezed column broke each one); long reasons still wrap. */}
            <Table.Td miw={160} maw={260} style={{ overflowWrap: "anywhere" }}>
              {movement.reason}
            </Table.Td>
            <Table.Td>{reference(movement)}</Table.Td>
            <Table.Td>
              {movement.canManage ? (
                <Group gap={6} wrap="nowrap">
                  <EditButton
                    size="compact-sm"
                    label={t("movements.edit")}
                    accessibleLabel={t("movements.editLabel", { name: movement.itemName })}
                    onClick={() => setEditing(movement)}
                  />
                  <DeleteButton
                    size="compact-sm"
                    label={t("movements.delete")}
                    accessibleLabel={t("movements.deleteLabel", { name: movement.itemName })}
                    onClick={() => {
                      const openedAt = Date.now();
                      // A placeholder page (keepPreviousData) has no answer time of its own.
                      setDeleting({ movement, answeredAt: movements.dataUpdatedAt || openedAt, openedAt });
                    }}
                  />
                </Group>
              ) : null}
            </Table.Td>
          </Table.Tr>
        )}
        head={
          <>
            <Table.Th>{t("movements.date")}</Table.Th>
            <Table.Th>{t("movements.type")}</Table.Th>
            <Table.Th>{t("movements.item")}</Table.Th>
            <Table.Th ta="end">{t("movements.quantity")}</Table.Th>
            <Table.Th>{t("movements.route")}</Table.Th>
            <Table.Th>{t("movements.staff")}</Table.Th>
            <Table.Th>{t("movements.reason")}</Table.Th>
            <Table.Th>{t("movements.reference")}</Table.Th>
            <Table.Th>
              <Text component="span" size="sm" fw={700}>
                {t("movements.actions")}
              </Text>
            </Table.Th>
          </>
        }
        columnCount={COLUMN_COUNT}
        label={t("movements.tableLabel")}
        minWidth={1000}
        emptyText={hasActiveFilters(filters, today) ? t("movements.emptyFiltered") : t("movements.empty")}
        errorText={t("movements.loadFailed")}
        rangeText={(range) => t("movements.pageRange", range)}
        page={filters.page}
        onPageChange={(next) => setFilters({ ...filters, page: next })}
      />
      <AddMovementModal opened={addOpened} onClose={addModal.close} currentUserId={currentUserId} />
      <LastMovementModal opened={lastOpened} onClose={lastModal.close} />
      <EditReasonModal movement={editing} onClose={() => setEditing(null)} />
      <DeleteMovementDialog target={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
