import { Modal, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { Account, ResetPasswordRequest } from "@wms/domain";
import { ResetPasswordRequestSchema } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { closeUnlessPending } from "../../../lib/close-unless-pending.ts";
import { validateWith } from "../../../lib/form-validation.ts";
import { useResetStaffPassword } from "../api/reset-staff-password.ts";

interface ResetPasswordModalProps {
  /** The member whose password is reset; null when closed. */
  member: Account | null;
  onClose: () => void;
}

export function ResetPasswordModal({ member, onClose }: ResetPasswordModalProps) {
  const { t } = useTranslation();
  const reset = useResetStaffPassword();
  const form = useForm<ResetPasswordRequest>({
    mode: "controlled",
    initialValues: { password: "" },
    validate: validateWith<ResetPasswordRequest>(ResetPasswordRequestSchema, (values) => values),
  });
  const name = member ? member.name || member.email : "";

  const close = closeUnlessPending(reset, onClose, form.reset);

  const submit = form.onSubmit(({ password }) => {
    if (!member) {
      return;
    }
    reset.mutate(
      { id: member.id, password },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("staff.resetDone", { name }) });
          form.reset();
          reset.reset();
          onClose();
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    );
  });

  return (
    <Modal opened={member !== null} onClose={close} title={t("staff.resetTitle", { name })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t("staff.resetHint", { name })}</Text>
          <PasswordField
            label={t("staff.newPassword")}
            autoComplete="new-password"
            required
            data-autofocus
            {...form.getInputProps("password")}
          />
          <ErrorAlert error={reset.error} />
          <FormActions onCancel={close} pending={reset.isPending} submitLabel={t("staff.submitReset")} />
        </Stack>
      </form>
    </Modal>
  );
}
