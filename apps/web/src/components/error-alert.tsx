import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { FailureTexts } from "../lib/error-message.ts";
import { useErrorMessage } from "../lib/use-error-message.ts";

interface ErrorAlertProps {
  error: unknown;
  /** The action's own words for a failure without a reason (network, 5xx) or an ended session. */
  texts?: FailureTexts;
}

/** A failed write or sign-in, shown where the user acted; nothing when there is no error. */
export function ErrorAlert({ error, texts }: ErrorAlertProps) {
  const describe = useErrorMessage();
  if (!error) {
    return null;
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {describe(error, texts)}
    </Alert>
  );
}
