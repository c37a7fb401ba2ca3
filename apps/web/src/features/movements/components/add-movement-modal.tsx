import { Modal, NumberInput, SegmentedControl, Select, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { Adjustment, CreateMovementRequest, ItemUnit, MovementType } from "@wms/domain";
import {
  ADJUSTMENTS,
  CreateMovementRequestSchema,
  MOVEMENT_TYPES,
  movementNeeds,
  notEnoughStockMessage,
  WHOLE_NUMBER_UNITS,
} from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { ItemPicker } from "../../../components/item-picker.tsx";
import { LocationPicker } from "../../../components/location-picker.tsx";
import { useNestedDialogOpen } from "../../../components/nested-dialogs.ts";
import { localized } from "../../../i18n/server-messages.ts";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { closeUnlessPending } from "../../../lib/close-unless-pending.ts";
import { validateWith } from "../../../lib/form-validation.ts";
import { useIdempotencyKey } from "../../../lib/idempotency.ts";
import { usePeople } from "../../../lib/people.ts";
import { useUnitTexts } from "../../../lib/unit-format.ts";
import { useCreateMovement } from "../api/movement-writes.ts";

/** What the form holds; `unit` and `available` describe the choices and are never sent. */
export interface MovementFormValues {
  type: MovementType;
  adjustment: Adjustment;
  itemId: number | null;
  unit: ItemUnit | null;
  quantity: number | string;
  fromLocationId: number | null;
  /** What the chosen source holds of the item: the cap for outgoing movements. */
  available: string | null;
  toLocationId: number | null;
  managedBy: number | null;
  reason: string;
}

export function newMovementValues(currentUserId: number | null): MovementFormValues {
  return {
    type: "received",
    adjustment: "increase",
    itemId: null,
    unit: null,
    quantity: "",
    fromLocationId: null,
    available: null,
    toLocationId: null,
    managedBy: currentUserId,
    reason: "",
  };
}

/** The request body: only the locations the type takes; an unchosen item or person fails as the spec says. */
export function toMovementRequest(values: MovementFormValues): CreateMovementRequest {
  const needs = movementNeeds(values.type, values.adjustment);
  return {
    type: values.type,
    adjustment: values.type === "adjusted" ? values.adjustment : null,
    itemId: values.itemId ?? 0,
    quantity: String(values.quantity),
    fromLocationId: needs.source ? values.fromLocationId : null,
    toLocationId: needs.destination ? values.toLocationId : null,
    managedBy: values.managedBy ?? 0,
    reason: values.reason,
  };
}

/** The spec's cap: an outgoing movement takes at most what its source holds. */
function withinAvailable(values: MovementFormValues): Record<string, string> {
  const needs = movementNeeds(values.type, values.adjustment);
  if (!needs.source || values.available === null || values.quantity === "") {
    return {};
  }
  return Number(values.quantity) > Number(values.available)
    ? { quantity: localized(notEnoughStockMessage(values.available)) }
    : {};
}

interface AddMovementModalProps {
  opened: boolean;
  onClose: () => void;
  /** The signed-in user, the Staff field's default. */
  currentUserId: number | null;
}

/** Add Movement: received, moved, dispatched or adjusted (increase/decrease), for every role. */
export function AddMovementModal({ opened, onClose, currentUserId }: AddMovementModalProps) {
  const { t } = useTranslation();
  const createMovement = useCreateMovement();
  const close = closeUnlessPending(createMovement, onClose);
  // Escape in the layout chooser closes the chooser, not this form under it.
  const chooserOpen = useNestedDialogOpen();
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("movements.addTitle")}
      centered
      size="lg"
      closeOnEscape={!chooserOpen}
    >
      <AddMovementForm
        currentUserId={currentUserId}
        onCancel={close}
        onDone={close}
        mutation={createMovement}
      />
    </Modal>
  );
}

interface AddMovementFormProps {
  currentUserId: number | null;
  onCancel: () => void;
  onDone: () => void;
  mutation: ReturnType<typeof useCreateMovement>;
}

function AddMovementForm({ currentUserId, onCancel, onDone, mutation }: AddMovementFormProps) {
  const { t } = useTranslation();
  const people = usePeople();
  const idempotency = useIdempotencyKey();
  const { withUnit } = useUnitTexts();
  const form = useForm<MovementFormValues>({
    mode: "controlled",
    initialValues: newMovementValues(currentUserId),
    validate: validateWith<MovementFormValues>(
      CreateMovementRequestSchema,
      toMovementRequest,
      withinAvailable,
    ),
  });
  const { values } = form;
  const needs = movementNeeds(values.type, values.adjustment);
  const pending = mutation.isPending;

  /** Changing the type (or the side of an adjustment, or the item) resets the location fields (spec). */
  const resetLocations = () => {
    form.setFieldValue("fromLocationId", null);
    form.setFieldValue("available", null);
    form.setFieldValue("toLocationId", null);
    form.clearFieldError("fromLocationId");
    form.clearFieldError("toLocationId");
  };

  const submit = form.onSubmit((formValues) => {
    const request = toMovementRequest(formValues);
    mutation.mutate(
      { request, idempotencyKey: idempotency.keyFor(request) },
      {
        onSuccess: (movement) => {
          idempotency.renew();
          notifications.show({
            color: "green",
            message: t("movements.recorded", {
              type: t(`movements.types.${movement.type}`),
              name: movement.itemName,
            }),
          });
          onDone();
        },
        onError: (failure) => form.setErrors(fieldErrorsOf(failure)),
      },
    );
  });

  const typeOptions = MOVEMENT_TYPES.map((type) => ({ value: type, label: t(`movements.types.${type}`) }));
  const peopleOptions = (people.data?.people ?? []).map((person) => ({
    value: person.id,
    label: person.role === "admin" ? t("movements.adminPerson", { name: person.name }) : person.name,
  }));
  const unit = values.unit ?? undefined;
  const capped = needs.source && values.available !== null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label={t("movements.type")}
          data={typeOptions}
          allowDeselect={false}
          required
          value={values.type}
          onChange={(value) => {
            if (value && value !== values.type) {
              form.setFieldValue("type", value as MovementType);
              resetLocations();
            }
          }}
        />
        {values.type === "adjusted" ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="movement-adjustment-label">
              {t("movements.adjustment")}
            </Text>
            <SegmentedControl
              aria-labelledby="movement-adjustment-label"
              data={ADJUSTMENTS.map((adjustment) => ({
                value: adjustment,
                label: t(`movements.adjustments.${adjustment}`),
              }))}
              value={values.adjustment}
              onChange={(value) => {
                form.setFieldValue("adjustment", value as Adjustment);
                resetLocations();
              }}
            />
          </Stack>
        ) : null}
        <ItemPicker
          label={t("movements.item")}
          required
          data-autofocus
          value={values.itemId}
          error={form.errors.itemId}
          onChange={(item) => {
            form.setFieldValue("itemId", item?.id ?? null);
            form.setFieldValue("unit", item?.unit ?? null);
            form.clearFieldError("itemId");
            resetLocations();
          }}
        />
        {needs.source ? (
          <LocationPicker
            label={values.type === "adjusted" ? t("movements.location") : t("movements.source")}
            required
            stockedOnly
            itemId={values.itemId}
            unit={unit}
            disabled={values.itemId === null}
            placeholder={values.itemId === null ? t("movements.chooseItemFirst") : undefined}
            value={values.fromLocationId}
            excludeIds={values.toLocationId ? [values.toLocationId] : []}
            error={form.errors.fromLocationId}
            onChange={(location) => {
              form.setFieldValue("fromLocationId", location?.id ?? null);
              form.setFieldValue("available", location?.quantity ?? null);
              form.clearFieldError("fromLocationId");
            }}
          />
        ) : null}
        {needs.destination ? (
          <LocationPicker
            label={values.type === "adjusted" ? t("movements.location") : t("movements.destination")}
            required
            itemId={values.itemId}
            unit={unit}
            disabled={values.itemId === null}
            placeholder={values.itemId === null ? t("movements.chooseItemFirst") : undefined}
            value={values.toLocationId}
            excludeIds={values.fromLocationId ? [values.fromLocationId] : []}
            error={form.errors.toLocationId}
            onChange={(location) => {
              form.setFieldValue("toLocationId", location?.id ?? null);
              form.clearFieldError("toLocationId");
            }}
          />
        ) : null}
        <NumberInput
          label={t("movements.quantity")}
          required
          min={0}
          max={capped ? Number(values.available) : undefined}
          decimalScale={unit && WHOLE_NUMBER_UNITS.has(unit) ? 0 : 3}
          allowNegative={false}
          thousandSeparator=","
          description={
            capped && values.available !== null
              ? t("movements.available", { quantity: withUnit(values.available, unit ?? "") })
              : undefined
          }
          {...form.getInputProps("quantity")}
        />
        <Select<number>
          label={t("movements.staff")}
          required
          data={peopleOptions}
          allowDeselect={false}
          searchable
          value={values.managedBy}
          error={form.errors.managedBy}
          onChange={(value) => form.setFieldValue("managedBy", value)}
          nothingFoundMessage={people.isPending ? t("common.loading") : t("movements.noPeople")}
        />
        <Textarea
          label={t("movements.reason")}
          required
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps("reason")}
        />
        <ErrorAlert error={mutation.error} texts={{ unexpected: t("movements.processFailed") }} />
        <FormActions onCancel={onCancel} pending={pending} submitLabel={t("movements.submitAdd")} />
      </Stack>
    </form>
  );
}
