import { Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { SessionUser } from "@wms/domain";
import { CreateFirstAdminRequestSchema } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { mustMatch, validateWith } from "../../../lib/form-validation.ts";
import { useCreateFirstAdmin } from "../api/create-first-admin.ts";

interface SetupValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

interface SetupFormProps {
  token: string;
  onCreated: (user: SessionUser) => void;
}

export function SetupForm({ token, onCreated }: SetupFormProps) {
  const { t } = useTranslation();
  const createAdmin = useCreateFirstAdmin();
  const form = useForm<SetupValues>({
    mode: "controlled",
    initialValues: { name: "", email: "", password: "", confirmPassword: "" },
    validate: validateWith<SetupValues>(
      CreateFirstAdminRequestSchema,
      ({ name, email, password }) => ({ token, name, email, password }),
      mustMatch("confirmPassword", "password", t("setup.passwordMismatch")),
    ),
  });

  const submit = form.onSubmit(({ name, email, password }) => {
    createAdmin.mutate(
      { token, name, email, password },
      {
        onSuccess: ({ user }) => onCreated(user),
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("common.fullName")}
          autoComplete="name"
          required
          {...form.getInputProps("name")}
        />
        <TextInput
          label={t("common.email")}
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps("email")}
        />
        <PasswordField
          label={t("common.password")}
          autoComplete="new-password"
          required
          {...form.getInputProps("password")}
        />
        <PasswordField
          label={t("setup.confirmPassword")}
          autoComplete="new-password"
          required
          {...form.getInputProps("confirmPassword")}
        />
        <ErrorAlert error={createAdmin.error} />
        <Button type="submit" loading={createAdmin.isPending} disabled={createAdmin.isPending}>
          {t("setup.submit")}
        </Button>
      </Stack>
    </form>
  );
}
