import { Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { Role, SessionUser } from "@wms/domain";
import { LoginRequestSchema } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { validateWith } from "../../../lib/form-validation.ts";
import { useLogin } from "../api/login.ts";

interface LoginFormValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  portal: Role;
  onSignedIn: (user: SessionUser) => void;
}

/** Email and password for one portal; the server's answer (spec wording) shows above the button. */
export function LoginForm({ portal, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm<LoginFormValues>({
    mode: "controlled",
    initialValues: { email: "", password: "" },
    validate: validateWith<LoginFormValues>(LoginRequestSchema, (values) => ({ portal, ...values })),
  });

  const submit = form.onSubmit((values) => {
    login.mutate(
      { portal, email: values.email, password: values.password },
      {
        onSuccess: ({ user }) => onSignedIn(user),
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("common.email")}
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps("email")}
        />
        <PasswordField
          label={t("common.password")}
          autoComplete="current-password"
          required
          {...form.getInputProps("password")}
        />
        <ErrorAlert error={login.error} />
        <Button type="submit" loading={login.isPending} disabled={login.isPending} fullWidth>
          {t("login.submit")}
        </Button>
      </Stack>
    </form>
  );
}
