import { Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { Role, SessionUser } from "@wms/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { validateLazily } from "../../../lib/form-validation.ts";
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
  });
  const validation = useMemo(
    () =>
      validateLazily<LoginFormValues>(
        async () => (await import("../lib/login-schema.ts")).LoginRequestSchema,
        (values) => ({ portal, ...values }),
      ),
    [portal],
  );

  const submit = form.onSubmit(async (values) => {
    let errors: Record<string, unknown>;
    try {
      errors = await validation.validate(values);
    } catch {
      errors = {}; // the rules could not be fetched: the server checks the same ones
    }
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors as Parameters<typeof form.setErrors>[0]);
      return;
    }
    login.mutate(
      { portal, email: values.email, password: values.password },
      {
        onSuccess: ({ user }) => onSignedIn(user),
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    );
  });

  return (
    // The rules (the schema library) are fetched as the reader starts on the form, not with the page.
    <form onSubmit={submit} onFocus={validation.preload} noValidate>
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
