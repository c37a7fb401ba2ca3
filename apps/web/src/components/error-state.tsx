import { Alert, Button, Group, Text } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { FailureTexts } from "../lib/error-message.ts";
import { useErrorMessage } from "../lib/use-error-message.ts";

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  /**
   * The screen's own words for a failure without a reason (network, 5xx), e.g. "Failed to load items.
   * Please refresh the page."; a refusal with its reason (permissions, not found) keeps its message.
   */
  texts?: FailureTexts;
}

/** A failed load, in words, with a way to try again. */
export function ErrorState({ error, onRetry, retrying = false, texts }: ErrorStateProps) {
  const { t } = useTranslation();
  const describe = useErrorMessage();
  return (
    <Alert color="red" variant="light" title={t("errors.title")} icon={<IconAlertTriangle aria-hidden />}>
      <Text size="sm">{describe(error, texts)}</Text>
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
