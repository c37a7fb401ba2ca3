import { Button, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { SessionUser } from "@wms/domain";
import { ChangePasswordRequestSchema } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { mustMatch, validateWith } from "../../../lib/form-validation.ts";
import { useChangePassword } from "../api/change-password.ts";

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

interface ChangePasswordFormProps {
  onChanged?: (user: SessionUser) => void;
}

export function ChangePasswordForm({ onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    mode: "controlled",
    initialValues: { currentPassword: "", newPassword: "", confirmNewPassword: "" },
    validate: validateWith<ChangePasswordValues>(
      ChangePasswordRequestSchema,
      ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
      mustMatch("confirmNewPassword", "newPassword", t("account.passwordMismatch")),
    ),
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ user }) => {
          form.reset();
          notifications.show({ color: "green", message: t("account.changed") });
          onChanged?.(user);
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <PasswordField
          label={t("account.currentPassword")}
          autoComplete="current-password"
          required
          {...form.getInputProps("currentPassword")}
        />
        <PasswordField
          label={t("account.newPassword")}
          autoComplete="new-password"
          required
          {...form.getInputProps("newPassword")}
        />
        <PasswordField
          label={t("account.confirmNewPassword")}
          autoComplete="new-password"
          required
          {...form.getInputProps("confirmNewPassword")}
        />
        <ErrorAlert error={changePassword.error} />
        <Button type="submit" loading={changePassword.isPending} disabled={changePassword.isPending}>
          {t("account.submit")}
        </Button>
      </Stack>
    </form>
  );
}
