import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle, IconTrash, IconX } from "@tabler/icons-react";
import type { CreatePurchaseRequest, ItemView, LocationOption } from "@wms/domain";
import { CreatePurchaseRequestSchema, MESSAGES, todayIn, WHOLE_NUMBER_UNITS } from "@wms/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ItemPicker } from "../../../components/item-picker.tsx";
import { LocationPicker } from "../../../components/location-picker.tsx";
import { localized } from "../../../i18n/server-messages.ts";
import { fieldErrorsOf, isApiError } from "../../../lib/api-client.ts";
import { useBusinessTimeZone } from "../../../lib/app-info.ts";
import { validateWith } from "../../../lib/form-validation.ts";
import { formatAed, formatQuantity } from "../../../lib/format-number.ts";
import { useIdempotencyKey } from "../../../lib/idempotency.ts";
import { useErrorMessage } from "../../../lib/use-error-message.ts";
import { useCreatePurchase } from "../api/create-purchase.ts";
import { isPositive, sumQuantities, toThousandths, unallocated } from "../lib/allocation.ts";

type PurchaseItem = Pick<ItemView, "id" | "itemNo" | "name" | "unit">;

interface AllocationDraft {
  location: Pick<LocationOption, "id" | "code">;
  quantity: number | string;
}

/** One item of the purchase, as listed under 'Items in purchase'. */
export interface PurchaseLineDraft {
  item: PurchaseItem;
  quantity: string;
  unitPrice: string;
  allocations: { location: Pick<LocationOption, "id" | "code">; quantity: string }[];
}

interface PurchaseFormValues {
  invoiceNumber: string;
  date: string;
  supplierName: string;
  notes: string;
  lines: PurchaseLineDraft[];
}

function toPurchaseRequest(values: PurchaseFormValues): CreatePurchaseRequest {
  return {
    invoiceNumber: values.invoiceNumber,
    date: values.date,
    supplierName: values.supplierName,
    notes: values.notes,
    lines: values.lines.map((line) => ({
      itemId: line.item.id,
      unitPrice: line.unitPrice,
      allocations: line.allocations.map((allocation) => ({
        locationId: allocation.location.id,
        quantity: allocation.quantity,
      })),
    })),
  };
}

interface PurchaseModalProps {
  opened: boolean;
  onClose: () => void;
}

/** New Purchase (admin): invoice, date, supplier, notes and items spread over storage locations. */
export function PurchaseModal({ opened, onClose }: PurchaseModalProps) {
  const { t } = useTranslation();
  const createPurchase = useCreatePurchase();
  // Cancel and the close button reset the form: the modal unmounts its content when closed.
  const close = () => {
    if (!createPurchase.isPending) {
      createPurchase.reset();
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t("purchases.title")} centered size="xl">
      <Text size="sm" c="dimmed" mt={-8} mb="md">
        {t("purchases.subtitle")}
      </Text>
      <PurchaseForm mutation={createPurchase} onDone={close} />
    </Modal>
  );
}

interface PurchaseFormProps {
  mutation: ReturnType<typeof useCreatePurchase>;
  onDone: () => void;
}

function PurchaseForm({ mutation, onDone }: PurchaseFormProps) {
  const { t } = useTranslation();
  const describe = useErrorMessage();
  const timeZone = useBusinessTimeZone();
  const today = todayIn(timeZone);
  const idempotency = useIdempotencyKey();
  const form = useForm<PurchaseFormValues>({
    mode: "controlled",
    initialValues: { invoiceNumber: "", date: today, supplierName: "", notes: "", lines: [] },
    validate: validateWith<PurchaseFormValues>(CreatePurchaseRequestSchema, toPurchaseRequest, (values) =>
      values.date > todayIn(timeZone) ? { date: localized(MESSAGES.purchaseDateInFuture) } : {},
    ),
  });
  const pending = mutation.isPending;
  const lines = form.values.lines;

  const submit = form.onSubmit((values) => {
    const request = toPurchaseRequest(values);
    mutation.mutate(
      { request, idempotencyKey: idempotency.keyFor(request) },
      {
        onSuccess: (purchase) => {
          idempotency.renew();
          notifications.show({
            color: "green",
            message: t("purchases.completed", {
              invoice: purchase.invoiceNumber,
              count: purchase.movementIds.length,
            }),
          });
          onDone();
        },
        onError: (failure) => form.setErrors(fieldErrorsOf(failure)),
      },
    );
  });

  // The server's message (e.g. a duplicate invoice), else the spec's generic failure; not twice when
  // it is already shown beside its field.
  const serverMessage =
    isApiError(mutation.error) && mutation.error.message
      ? describe(mutation.error)
      : localized(MESSAGES.purchaseFailed);
  const failure =
    mutation.error && !Object.values(fieldErrorsOf(mutation.error)).includes(serverMessage)
      ? serverMessage
      : null;
  const lineErrors = Object.entries(form.errors)
    .filter(([field]) => field === "lines" || field.startsWith("lines."))
    .map(([, message]) => message);

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("purchases.invoiceNumber")}
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps("invoiceNumber")}
          />
          <TextInput
            type="date"
            label={t("purchases.date")}
            required
            max={today}
            {...form.getInputProps("date")}
          />
          <TextInput
            label={t("purchases.supplierName")}
            required
            autoComplete="off"
            {...form.getInputProps("supplierName")}
          />
          <Textarea
            label={t("purchases.notes")}
            autosize
            minRows={1}
            maxRows={4}
            {...form.getInputProps("notes")}
          />
        </SimpleGrid>
        <Divider />
        <AddLineForm
          excludedItemIds={lines.map((line) => line.item.id)}
          onAdd={(line) => {
            form.insertListItem("lines", line);
            form.clearFieldError("lines");
          }}
        />
        <Divider />
        <Stack
          gap="xs"
          component="section"
          aria-label={t("purchases.itemsInPurchase", { count: lines.length })}
        >
          <Text fw={600}>{t("purchases.itemsInPurchase", { count: lines.length })}</Text>
          {lines.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("purchases.noItems")}
            </Text>
          ) : (
            lines.map((line, index) => (
              <PurchaseLineCard
                key={line.item.id}
                line={line}
                onRemove={() => form.removeListItem("lines", index)}
                disabled={pending}
              />
            ))
          )}
        </Stack>
        {lineErrors.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {lineErrors[0]}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={pending || lines.length === 0}>
            {pending ? t("purchases.processing") : t("purchases.complete")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PurchaseLineCard({
  line,
  onRemove,
  disabled,
}: {
  line: PurchaseLineDraft;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const unit = t(`items.units.${line.item.unit}`, { defaultValue: line.item.unit });
  const withUnit = (quantity: string) =>
    t("items.quantityWithUnit", { quantity: formatQuantity(quantity), unit });
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      component="article"
      aria-label={`${line.item.itemNo} ${line.item.name}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {line.item.name}{" "}
            <Text span size="xs" c="dimmed" ff="monospace">
              {line.item.itemNo}
            </Text>
          </Text>
          <Text size="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
            {t("purchases.lineSummary", {
              quantity: withUnit(line.quantity),
              price: formatAed(line.unitPrice),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {line.allocations
              .map((allocation) =>
                t("purchases.allocationSummary", {
                  code: allocation.location.code,
                  quantity: formatQuantity(allocation.quantity),
                }),
              )
              .join(", ")}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t("purchases.removeItem", { name: line.item.name })}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

interface AddLineFormProps {
  excludedItemIds: number[];
  onAdd: (line: PurchaseLineDraft) => void;
}

/** The add-item sub-form: item (price prefilled), quantity, unit price and its storage locations. */
function AddLineForm({ excludedItemIds, onAdd }: AddLineFormProps) {
  const { t } = useTranslation();
  const [item, setItem] = useState<PurchaseItem | null>(null);
  const [quantity, setQuantity] = useState<number | string>("");
  const [unitPrice, setUnitPrice] = useState<number | string>("");
  const [allocations, setAllocations] = useState<AllocationDraft[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const quantityEntered = isPositive(quantity);
  const ready = item !== null && quantityEntered && allocations.length > 0;
  const allocated = sumQuantities(allocations.map((allocation) => allocation.quantity));
  const left = unallocated(
    quantity,
    allocations.map((allocation) => allocation.quantity),
  );
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
      {allocations.length > 0 ? (
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
                onChange={(value) => {
                  setProblem(null);
                  setAllocations(
                    allocations.map((other, at) => (at === index ? { ...other, quantity: value } : other)),
                  );
                }}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t("purchases.removeLocation", { code: allocation.location.code })}
                onClick={() => setAllocations(allocations.filter((_, at) => at !== index))}
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
      ) : null}
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
