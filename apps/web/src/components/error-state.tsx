import { Alert, Button, Group, Text } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../lib/use-error-message.ts";

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load, in words, with a way to try again. */
export function ErrorState({ error, onRetry, retrying = false }: ErrorStateProps) {
  const { t } = useTranslation();
  const describe = useErrorMessage();
  return (
    <Alert color="red" variant="light" title={t("errors.title")} icon={<IconAlertTriangle aria-hidden />}>
      <Text size="sm">{describe(error)}</Text>
      {onRetry ? (
        <Group mt="sm">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            {t("common.retry")}
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
