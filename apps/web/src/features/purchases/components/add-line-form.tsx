import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from "@mantine/core";
import { MESSAGES, WHOLE_NUMBER_UNITS } from "@wms/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ItemPicker } from "../../../components/item-picker.tsx";
import { LocationPicker } from "../../../components/location-picker.tsx";
import { localized } from "../../../i18n/server-messages.ts";
import { formatQuantity } from "../../../lib/format-number.ts";
import { isPositive, sumQuantities, toThousandths, unallocated } from "../lib/allocation.ts";
import type { AllocationDraft, PurchaseItem, PurchaseLineDraft } from "../lib/purchase-draft.ts";
import { AllocationList } from "./allocation-list.tsx";

interface AddLineFormProps {
  excludedItemIds: number[];
  onAdd: (line: PurchaseLineDraft) => void;
}

/** The add-item sub-form: item (price prefilled), quantity, unit price and its storage locations. */
export function AddLineForm({ excludedItemIds, onAdd }: AddLineFormProps) {
  const { t } = useTranslation();
  const [item, setItem] = useState<PurchaseItem | null>(null);
  const [quantity, setQuantity] = useState<number | string>("");
  const [unitPrice, setUnitPrice] = useState<number | string>("");
  const [allocations, setAllocations] = useState<AllocationDraft[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const quantityEntered = isPositive(quantity);
  const ready = item !== null && quantityEntered && allocations.length > 0;
  const allocated = sumQuantities(allocations.map((allocation) => allocation.quantity));
  const unit = item ? t(`items.units.${item.unit}`, { defaultValue: item.unit }) : "";
  const decimals = item && WHOLE_NUMBER_UNITS.has(item.unit) ? 0 : 3;

  const reset = () => {
    setItem(null);
    setQuantity("");
    setUnitPrice("");
    setAllocations([]);
    setProblem(null);
  };

  const add = () => {
    if (!item || !ready) {
      setProblem(localized(MESSAGES.purchaseLineIncomplete));
      return;
    }
    if (allocations.some((allocation) => !isPositive(allocation.quantity))) {
      setProblem(localized(MESSAGES.quantityAboveZero));
      return;
    }
    if (toThousandths(allocated) !== toThousandths(quantity)) {
      setProblem(
        t("purchases.allocationMismatch", {
          allocated: formatQuantity(allocated),
          quantity: formatQuantity(String(quantity)),
        }),
      );
      return;
    }
    onAdd({
      item,
      quantity: String(quantity),
      unitPrice: unitPrice === "" ? "0" : String(unitPrice),
      allocations: allocations.map((allocation) => ({
        location: allocation.location,
        quantity: String(allocation.quantity),
      })),
    });
    reset();
  };

  return (
    <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} p={0}>
        {t("purchases.addItemHeading")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ItemPicker
          label={t("purchases.item")}
          value={item?.id ?? null}
          onChange={(picked) => {
            setProblem(null);
            if (picked && excludedItemIds.includes(picked.id)) {
              setItem(null);
              setProblem(t("purchases.itemAlreadyAdded", { name: picked.name }));
              return;
            }
            setItem(picked);
            // The item's unit price is prefilled.
            setUnitPrice(picked ? picked.unitPrice : "");
          }}
        />
        <NumberInput
          label={t("purchases.quantity")}
          min={0}
          decimalScale={decimals}
          allowNegative={false}
          thousandSeparator=","
          value={quantity}
          onChange={(value) => {
            setProblem(null);
            setQuantity(value);
          }}
        />
        <NumberInput
          label={t("purchases.unitPrice")}
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          value={unitPrice}
          onChange={setUnitPrice}
        />
      </SimpleGrid>
      <LocationPicker
        label={t("purchases.storageLocation")}
        description={quantityEntered ? undefined : t("purchases.quantityFirst")}
        disabled={!quantityEntered}
        itemId={item?.id ?? null}
        unit={item?.unit}
        value={null}
        excludeIds={allocations.map((allocation) => allocation.location.id)}
        onChange={(location) => {
          if (!location) {
            return;
          }
          setProblem(null);
          // A new location takes what is still unallocated.
          const rest = unallocated(
            quantity,
            allocations.map((allocation) => allocation.quantity),
          );
          setAllocations([
            ...allocations,
            { location: { id: location.id, code: location.code }, quantity: isPositive(rest) ? rest : "" },
          ]);
        }}
      />
      <AllocationList
        allocations={allocations}
        quantity={quantity}
        unit={unit}
        decimals={decimals}
        onQuantityChange={(index, value) => {
          setProblem(null);
          setAllocations(
            allocations.map((other, at) => (at === index ? { ...other, quantity: value } : other)),
          );
        }}
        onRemove={(index) => setAllocations(allocations.filter((_, at) => at !== index))}
      />
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="wrap">
        {ready ? (
          <span />
        ) : (
          <Text size="xs" c="dimmed">
            {localized(MESSAGES.purchaseLineIncomplete)}
          </Text>
        )}
        <Button variant="light" disabled={!ready} onClick={add}>
          {t("purchases.addItem")}
        </Button>
      </Group>
    </Stack>
  );
}
