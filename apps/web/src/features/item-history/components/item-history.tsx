import {
  Anchor,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  useDirection,
} from "@mantine/core";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import type { ItemHistoryEntry, ItemView } from "@wms/domain";
import { itemTypeLabel, movementNeeds } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { ItemHeading } from "../../../components/item-heading.tsx";
import { ItemLocations } from "../../../components/item-locations.tsx";
import { CardsSkeleton } from "../../../components/loading-skeleton.tsx";
import { useDateFormat } from "../../../lib/format-date.ts";
import { formatAed, formatQuantity } from "../../../lib/format-number.ts";
import { useMovementTypeLabel } from "../../../lib/movement-type-label.ts";
import { useUnitTexts } from "../../../lib/unit-format.ts";
import { useItemHistory } from "../api/item-history.ts";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}

/** Whether a movement adds to the item's total (receipts, increases) or takes from it; moves do neither. */
function direction(entry: ItemHistoryEntry): "in" | "out" | "none" {
  const needs = movementNeeds(entry.type, entry.adjustment);
  if (needs.source && needs.destination) {
    return "none";
  }
  return needs.destination ? "in" : "out";
}

const WAY_SIGNS = { in: "+", out: "−", none: "" } as const;
const WAY_COLORS = { in: "green", out: "red", none: undefined } as const;

interface ItemHistoryProps {
  itemId: number;
  /** The items list, for the back link. */
  itemsHref: string;
}

/** An item's details, where it is stored, and every movement with the balance after it. */
export function ItemHistory({ itemId, itemsHref }: ItemHistoryProps) {
  const { t } = useTranslation();
  const history = useItemHistory(itemId);
  const dates = useDateFormat();
  const { dir } = useDirection();
  const BackArrow = dir === "rtl" ? IconArrowRight : IconArrowLeft;

  const back = (
    <Anchor component={Link} to={itemsHref} size="sm">
      <Group gap={4} wrap="nowrap">
        <BackArrow size={16} aria-hidden />
        {t("itemHistory.back")}
      </Group>
    </Anchor>
  );

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <>
        <CardsSkeleton count={2} lines={4} cols={{ base: 1, sm: 2 }} />
        <Stack gap="xs" aria-hidden>
          {Array.from({ length: 5 }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={row} height={28} />
          ))}
        </Stack>
      </>
    );
  } else if (history.isError) {
    body = (
      <ErrorState error={history.error} onRetry={() => history.refetch()} retrying={history.isFetching} />
    );
  } else {
    body = (
      <HistoryBody item={history.data.item} movements={history.data.movements} dateTime={dates.dateTime} />
    );
  }
  return (
    <Stack>
      {back}
      {body}
    </Stack>
  );
}

function HistoryBody({
  item,
  movements,
  dateTime,
}: {
  item: ItemView;
  movements: ItemHistoryEntry[];
  dateTime: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const units = useUnitTexts();
  const withUnit = (quantity: string) => units.withUnit(quantity, item.unit);
  const typeLabel = useMovementTypeLabel();

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t("itemHistory.details")}>
          <Stack gap="sm">
            <ItemHeading item={item} titleSize="h3" />
            {item.description ? (
              <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line" }}>
                {item.description}
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Fact label={t("items.itemNo")} value={item.itemNo} />
              <Fact label={t("items.type")} value={itemTypeLabel(item.type)} />
              <Fact label={t("items.unit")} value={units.unitLabel(item.unit)} />
              <Fact label={t("items.unitPriceShort")} value={formatAed(item.unitPrice)} />
              <Fact label={t("items.minimum")} value={withUnit(item.minQuantity)} />
              <Fact label={t("items.totalQuantity")} value={withUnit(item.totalQuantity)} />
              <Fact label={t("items.totalValue")} value={formatAed(item.totalValue)} />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-label={t("itemHistory.currentLocations")}
        >
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("itemHistory.currentLocations")}
            </Title>
            <ItemLocations locations={item.locations} unit={item.unit} />
          </Stack>
        </Card>
      </SimpleGrid>
      <Title order={2} size="h4">
        {t("itemHistory.movements")}
      </Title>
      {movements.length === 0 ? (
        <EmptyState text={t("itemHistory.empty")} />
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped verticalSpacing="xs" aria-label={t("itemHistory.tableLabel", { name: item.name })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("movements.date")}</Table.Th>
                <Table.Th>{t("movements.type")}</Table.Th>
                <Table.Th>{t("movements.route")}</Table.Th>
                <Table.Th ta="end">{t("itemHistory.quantity")}</Table.Th>
                <Table.Th ta="end">{t("itemHistory.balanceAfter")}</Table.Th>
                <Table.Th>{t("movements.staff")}</Table.Th>
                <Table.Th>{t("movements.reason")}</Table.Th>
                <Table.Th>{t("movements.invoice")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {movements.map((entry) => {
                const way = direction(entry);
                const number = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;
                return (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTime(entry.occurredAt)}</Table.Td>
                    <Table.Td>{typeLabel(entry)}</Table.Td>
                    <Table.Td ff="monospace" style={{ whiteSpace: "nowrap" }}>
                      {t("itemHistory.route", { from: entry.from?.code ?? "—", to: entry.to?.code ?? "—" })}
                    </Table.Td>
                    <Table.Td ta="end" c={WAY_COLORS[way]} style={number}>
                      {/* Isolated left to right: the sign stays in front in Arabic too ("+12", not "12+"). */}
                      <span dir="ltr">{`${WAY_SIGNS[way]}${formatQuantity(entry.quantity)}`}</span>
                    </Table.Td>
                    <Table.Td ta="end" fw={600} style={number}>
                      {withUnit(entry.balanceAfter)}
                    </Table.Td>
                    <Table.Td>{entry.staffName ?? "—"}</Table.Td>
                    {/* Wide enough for whole words (a squeezed column broke each one); long reasons still wrap. */}
                    <Table.Td miw={160} maw={260} style={{ overflowWrap: "anywhere" }}>
                      {entry.reason}
                    </Table.Td>
                    <Table.Td>{entry.invoice ?? ""}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
