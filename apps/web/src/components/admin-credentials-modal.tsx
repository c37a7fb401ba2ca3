import { Modal, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { AdminCredentials } from "@wms/domain";
import { AdminCredentialsSchema } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { validateWith } from "../lib/form-validation.ts";
import { ErrorAlert } from "./error-alert.tsx";
import { FormActions } from "./form-actions.tsx";
import { PasswordField } from "./password-field.tsx";

interface AdminCredentialsModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Says what the credentials are for. */
  description: string;
  confirmLabel: string;
  /** Prefills the email (the signed-in admin's). */
  defaultEmail?: string;
  onSubmit: (credentials: AdminCredentials) => void;
  pending: boolean;
  error: unknown;
  destructive?: boolean;
}

/**
 * Re-entered admin email and password for sensitive warehouse actions: edit and delete a warehouse,
 * delete a container shelf (product-decisions 6). The confirm button stays disabled while sending or
 * while either field is empty (spec section 5).
 */
export function AdminCredentialsModal({ opened, onClose, title, ...formProps }: AdminCredentialsModalProps) {
  const close = () => {
    if (!formProps.pending) {
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <AdminCredentialsForm {...formProps} onCancel={close} />
    </Modal>
  );
}

export interface AdminCredentialsFormProps
  extends Omit<AdminCredentialsModalProps, "opened" | "onClose" | "title"> {
  onCancel: () => void;
}

/** The email and password fields with Cancel and confirm, for dialogs that say more than one line. */
export function AdminCredentialsForm({
  description,
  confirmLabel,
  defaultEmail = "",
  onSubmit,
  pending,
  error,
  destructive = false,
  onCancel,
}: AdminCredentialsFormProps) {
  const { t } = useTranslation();
  const form = useForm<AdminCredentials>({
    mode: "controlled",
    initialValues: { email: defaultEmail, password: "" },
    validate: validateWith<AdminCredentials>(AdminCredentialsSchema, (values) => values),
  });
  const incomplete = form.values.email.trim() === "" || form.values.password === "";

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack>
        <Text size="sm">{description}</Text>
        <TextInput
          label={t("common.email")}
          type="email"
          autoComplete="username"
          required
          data-autofocus={defaultEmail === "" ? true : undefined}
          {...form.getInputProps("email")}
        />
        <PasswordField
          label={t("common.password")}
          autoComplete="current-password"
          required
          data-autofocus={defaultEmail === "" ? undefined : true}
          {...form.getInputProps("password")}
        />
        <ErrorAlert error={error} />
        <FormActions
          onCancel={onCancel}
          pending={pending}
          submitLabel={confirmLabel}
          submitDisabled={incomplete}
          destructive={destructive}
        />
      </Stack>
    </form>
  );
}
