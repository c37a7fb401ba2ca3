import { ActionIcon, Group, NumberInput, Stack, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatQuantity } from "../../../lib/format-number.ts";
import { sumQuantities, toThousandths, unallocated } from "../lib/allocation.ts";
import type { AllocationDraft } from "../lib/purchase-draft.ts";

interface AllocationListProps {
  allocations: AllocationDraft[];
  /** The item's whole quantity, which the allocations must add up to. */
  quantity: number | string;
  /** The unit's name, shown beside each quantity. */
  unit: string;
  decimals: number;
  onQuantityChange: (index: number, quantity: number | string) => void;
  onRemove: (index: number) => void;
}

/** The storage locations chosen for the item being added: each one's quantity, Remove, and the total. */
export function AllocationList({
  allocations,
  quantity,
  unit,
  decimals,
  onQuantityChange,
  onRemove,
}: AllocationListProps) {
  const { t } = useTranslation();
  if (allocations.length === 0) {
    return null;
  }
  const allocated = sumQuantities(allocations.map((allocation) => allocation.quantity));
  const left = unallocated(
    quantity,
    allocations.map((allocation) => allocation.quantity),
  );
  return (
    <Stack
      gap={6}
      component="ul"
      m={0}
      p={0}
      aria-label={t("purchases.chosenLocations")}
      style={{ listStyle: "none" }}
    >
      {allocations.map((allocation, index) => (
        <Group component="li" key={allocation.location.id} gap="sm" wrap="nowrap">
          <Text size="sm" ff="monospace" style={{ flexGrow: 1, overflowWrap: "anywhere" }}>
            {allocation.location.code}
          </Text>
          <NumberInput
            aria-label={t("purchases.quantityAt", { code: allocation.location.code })}
            size="xs"
            w={130}
            min={0}
            decimalScale={decimals}
            allowNegative={false}
            thousandSeparator=","
            rightSection={
              <Text size="xs" c="dimmed">
                {unit}
              </Text>
            }
            rightSectionWidth={unit ? 64 : undefined}
            value={allocation.quantity}
            onChange={(value) => onQuantityChange(index, value)}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("purchases.removeLocation", { code: allocation.location.code })}
            onClick={() => onRemove(index)}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Text
        size="xs"
        c={toThousandths(left) === 0 ? "dimmed" : "orange"}
        style={{ fontVariantNumeric: "tabular-nums" }}
      >
        {t("purchases.allocated", {
          allocated: formatQuantity(allocated),
          quantity: formatQuantity(String(quantity === "" ? 0 : quantity)),
        })}
      </Text>
    </Stack>
  );
}
