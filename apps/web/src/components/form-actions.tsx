import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

interface FormActionsProps {
  /** The dialog's close or the form's leaving; disabled while the request is in flight. */
  onCancel: () => void;
  submitLabel: string;
  /** The form's one request is in flight: the submit shows its loader and neither button answers. */
  pending: boolean;
  /** The form cannot be sent yet (a field it needs is still empty). */
  submitDisabled?: boolean;
  /** A red submit for an action that removes or overwrites. */
  destructive?: boolean;
}

/** Cancel and the submit, at a form's end: every dialog's form ends the same way. */
export function FormActions({
  onCancel,
  submitLabel,
  pending,
  submitDisabled,
  destructive,
}: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t("common.cancel")}
      </Button>
      {/* Mantine's Button is disabled while it shows its loader. */}
      <Button
        type="submit"
        color={destructive ? "red" : undefined}
        loading={pending}
        disabled={submitDisabled}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
