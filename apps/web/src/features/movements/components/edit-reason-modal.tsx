import { Modal, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { MovementView, UpdateMovementReasonRequest } from "@wms/domain";
import { UpdateMovementReasonRequestSchema } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { closeUnlessPending } from "../../../lib/close-unless-pending.ts";
import { validateWith } from "../../../lib/form-validation.ts";
import { useMovementTypeLabel } from "../../../lib/movement-type-label.ts";
import { useUpdateMovementReason } from "../api/movement-writes.ts";

interface EditReasonModalProps {
  movement: MovementView | null;
  onClose: () => void;
}

/** Edit Movement: only the reason changes (spec section 4). */
export function EditReasonModal({ movement, onClose }: EditReasonModalProps) {
  const { t } = useTranslation();
  const update = useUpdateMovementReason();
  const close = closeUnlessPending(update, onClose);
  return (
    <Modal opened={movement !== null} onClose={close} title={t("movements.editTitle")} centered>
      {movement ? <EditReasonForm movement={movement} mutation={update} onCancel={close} /> : null}
    </Modal>
  );
}

interface EditReasonFormProps {
  movement: MovementView;
  mutation: ReturnType<typeof useUpdateMovementReason>;
  onCancel: () => void;
}

function EditReasonForm({ movement, mutation, onCancel }: EditReasonFormProps) {
  const { t } = useTranslation();
  const typeLabel = useMovementTypeLabel();
  const form = useForm<UpdateMovementReasonRequest>({
    mode: "controlled",
    initialValues: { reason: movement.reason },
    validate: validateWith<UpdateMovementReasonRequest>(
      UpdateMovementReasonRequestSchema,
      (values) => values,
    ),
  });
  const submit = form.onSubmit((values) => {
    mutation.mutate(
      { id: movement.id, request: values },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("movements.reasonUpdated") });
          mutation.reset();
          onCancel();
        },
        onError: (failure) => form.setErrors(fieldErrorsOf(failure)),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t("movements.editSubject", {
            type: typeLabel(movement),
            itemNo: movement.itemNo,
            name: movement.itemName,
          })}
        </Text>
        <Textarea
          label={t("movements.reason")}
          required
          autosize
          minRows={2}
          maxRows={5}
          data-autofocus
          {...form.getInputProps("reason")}
        />
        <ErrorAlert error={mutation.error} texts={{ unexpected: t("movements.updateFailed") }} />
        <FormActions
          onCancel={onCancel}
          pending={mutation.isPending}
          submitLabel={t("movements.submitEdit")}
        />
      </Stack>
    </form>
  );
}
