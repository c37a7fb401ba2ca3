import { Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { UseMutationResult } from "@tanstack/react-query";
import type { Account, CreateAccountRequest } from "@wms/domain";
import { CreateAccountRequestSchema } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { closeUnlessPending } from "../../../lib/close-unless-pending.ts";
import { validateWith } from "../../../lib/form-validation.ts";

interface AccountFormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** The notification after success, given the new account. */
  successMessage: (account: Account) => string;
  mutation: UseMutationResult<Account, Error, CreateAccountRequest>;
}

/** Full name, email and first password: Add Staff and Add Administrator share it. */
export function AccountFormModal({
  opened,
  onClose,
  title,
  submitLabel,
  successMessage,
  mutation,
}: AccountFormModalProps) {
  const { t } = useTranslation();
  const form = useForm<CreateAccountRequest>({
    mode: "controlled",
    initialValues: { name: "", email: "", password: "" },
    validate: validateWith<CreateAccountRequest>(CreateAccountRequestSchema, (values) => values),
  });

  const close = closeUnlessPending(mutation, onClose, form.reset);

  const submit = form.onSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (account) => {
        notifications.show({ color: "green", message: successMessage(account) });
        form.reset();
        mutation.reset();
        onClose();
      },
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t("staff.fullName")}
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps("name")}
          />
          <TextInput
            label={t("common.email")}
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps("email")}
          />
          <PasswordField
            label={t("common.password")}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
          />
          <ErrorAlert error={mutation.error} />
          <FormActions onCancel={close} pending={mutation.isPending} submitLabel={submitLabel} />
        </Stack>
      </form>
    </Modal>
  );
}
