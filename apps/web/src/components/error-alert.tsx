import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useErrorMessage } from "../lib/use-error-message.ts";

/** A failed write or sign-in, shown where the user acted; nothing when there is no error. */
export function ErrorAlert({ error }: { error: unknown }) {
  const describe = useErrorMessage();
  if (!error) {
    return null;
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {describe(error)}
    </Alert>
  );
}
