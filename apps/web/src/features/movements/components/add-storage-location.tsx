import { Button, Modal, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconMapPinPlus } from "@tabler/icons-react";
import type { CreateMovementRequest, ItemView } from "@wms/domain";
import { CreateMovementRequestSchema, WHOLE_NUMBER_UNITS } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { LocationPicker } from "../../../components/location-picker.tsx";
import { useNestedDialogOpen } from "../../../components/nested-dialogs.ts";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { closeUnlessPending } from "../../../lib/close-unless-pending.ts";
import { validateWith } from "../../../lib/form-validation.ts";
import { useIdempotencyKey } from "../../../lib/idempotency.ts";
import { useCreateMovement } from "../api/movement-writes.ts";

type StorageItem = Pick<ItemView, "id" | "itemNo" | "name" | "unit">;

interface StorageLocationValues {
  toLocationId: number | null;
  quantity: number | string;
  reason: string;
}

/** Product-decisions 8: adding a storage location is an adjusted increase at that position. */
function toRequest(item: StorageItem, managedBy: number | null) {
  return (values: StorageLocationValues): CreateMovementRequest => ({
    type: "adjusted",
    adjustment: "increase",
    itemId: item.id,
    quantity: String(values.quantity),
    fromLocationId: null,
    toLocationId: values.toLocationId,
    managedBy: managedBy ?? 0,
    reason: values.reason,
  });
}

interface AddStorageLocationProps {
  item: StorageItem;
  currentUserId: number | null;
}

/** The 'Add Storage Location' button of an item card and its modal (admin). */
export function AddStorageLocationButton({ item, currentUserId }: AddStorageLocationProps) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const createMovement = useCreateMovement();
  // Escape in the layout chooser closes the chooser, not this form under it.
  const chooserOpen = useNestedDialogOpen();
  const close = closeUnlessPending(createMovement, modal.close);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconMapPinPlus size={16} aria-hidden />}
        aria-label={t("storageLocation.buttonLabel", { name: item.name })}
        onClick={modal.open}
      >
        {t("storageLocation.button")}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t("storageLocation.title")}
        centered
        closeOnEscape={!chooserOpen}
      >
        <StorageLocationForm
          item={item}
          currentUserId={currentUserId}
          mutation={createMovement}
          onDone={close}
        />
      </Modal>
    </>
  );
}

interface StorageLocationFormProps extends AddStorageLocationProps {
  mutation: ReturnType<typeof useCreateMovement>;
  onDone: () => void;
}

function StorageLocationForm({ item, currentUserId, mutation, onDone }: StorageLocationFormProps) {
  const { t } = useTranslation();
  const idempotency = useIdempotencyKey();
  const build = toRequest(item, currentUserId);
  const form = useForm<StorageLocationValues>({
    mode: "controlled",
    initialValues: { toLocationId: null, quantity: "", reason: t("storageLocation.defaultReason") },
    validate: validateWith<StorageLocationValues>(CreateMovementRequestSchema, build),
  });
  const submit = form.onSubmit((values) => {
    const request = build(values);
    mutation.mutate(
      { request, idempotencyKey: idempotency.keyFor(request) },
      {
        onSuccess: (movement) => {
          idempotency.renew();
          notifications.show({
            color: "green",
            message: t("storageLocation.added", { name: item.name, code: movement.to?.code ?? "" }),
          });
          onDone();
        },
        onError: (failure) => form.setErrors(fieldErrorsOf(failure)),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {item.itemNo} · {item.name}
        </Text>
        <LocationPicker
          label={t("storageLocation.location")}
          required
          data-autofocus
          itemId={item.id}
          unit={item.unit}
          value={form.values.toLocationId}
          error={form.errors.toLocationId}
          onChange={(location) => {
            form.setFieldValue("toLocationId", location?.id ?? null);
            form.clearFieldError("toLocationId");
          }}
        />
        <NumberInput
          label={t("storageLocation.quantity")}
          required
          min={0}
          decimalScale={WHOLE_NUMBER_UNITS.has(item.unit) ? 0 : 3}
          allowNegative={false}
          thousandSeparator=","
          {...form.getInputProps("quantity")}
        />
        <Textarea
          label={t("storageLocation.reason")}
          required
          autosize
          minRows={2}
          {...form.getInputProps("reason")}
        />
        <ErrorAlert error={mutation.error} texts={{ unexpected: t("movements.processFailed") }} />
        <FormActions
          onCancel={onDone}
          pending={mutation.isPending}
          submitLabel={t("storageLocation.submit")}
        />
      </Stack>
    </form>
  );
}
