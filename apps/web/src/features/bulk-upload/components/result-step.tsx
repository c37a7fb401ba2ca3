import { Alert, Button, Group, List, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import type { ImportCommitResponse, ImportRowError } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { localizeServerText } from "../../../i18n/server-messages.ts";
import { countFormat, numberLocale } from "../../../lib/format-number.ts";
import { useErrorMessage } from "../../../lib/use-error-message.ts";
import { rejectedDetailsOf } from "../lib/upload-file.ts";

/** The most problems a result list shows; the preview (Try Again) has every one. */
export const RESULT_LIST_LIMIT = 200;

export type CommitOutcome = { ok: true; result: ImportCommitResponse } | { ok: false; error: unknown };

interface ResultStepProps {
  outcome: CommitOutcome;
  onTryAgain: () => void;
  onClose: () => void;
}

/** Step 4: what was saved, or why nothing was, with every problem's row number. */
export function ResultStep({ outcome, onTryAgain, onClose }: ResultStepProps) {
  const { t, i18n } = useTranslation();
  const describe = useErrorMessage();
  const number = countFormat(numberLocale(i18n.language));

  if (outcome.ok) {
    const { result } = outcome;
    return (
      <Stack>
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title={t("bulkUpload.successTitle")}
        >
          {t("bulkUpload.successBody", { fileName: result.fileName, count: result.rows })}
        </Alert>
        <SimpleGrid cols={2} spacing="xs">
          <Paper withBorder radius="md" p="sm">
            <Text size="sm" c="dimmed">
              {t("bulkUpload.itemsCreated")}
            </Text>
            <Text size="xl" fw={600}>
              {number.format(result.itemsCreated)}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="sm">
            <Text size="sm" c="dimmed">
              {t("bulkUpload.movementsCreated")}
            </Text>
            <Text size="xl" fw={600}>
              {number.format(result.movementsCreated)}
            </Text>
          </Paper>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("bulkUpload.close")}</Button>
        </Group>
      </Stack>
    );
  }

  const { validationErrors, processingErrors } = rejectedDetailsOf(outcome.error);
  return (
    <Stack>
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {describe(outcome.error, { signedOut: t("bulkUpload.authMissing") })}
      </Alert>
      <ErrorList
        title={t("bulkUpload.validationErrors", { count: validationErrors.length })}
        errors={validationErrors}
      />
      <ErrorList
        title={t("bulkUpload.processingErrors", { count: processingErrors.length })}
        errors={processingErrors}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("bulkUpload.close")}
        </Button>
        <Button onClick={onTryAgain}>{t("bulkUpload.tryAgain")}</Button>
      </Group>
    </Stack>
  );
}

function ErrorList({ title, errors }: { title: string; errors: ImportRowError[] }) {
  const { t, i18n } = useTranslation();
  if (errors.length === 0) {
    return null;
  }
  const shown = errors.slice(0, RESULT_LIST_LIMIT);
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <ScrollArea.Autosize mah={240} type="auto">
        <List size="sm" spacing={4} c="red">
          {shown.map((error, index) => (
            // Several problems may share a row and message; their order is the server's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <List.Item key={index}>
              {error.row === null
                ? t("bulkUpload.fileError", { message: localizeServerText(error.message, i18n.language) })
                : t("bulkUpload.rowError", {
                    row: error.row,
                    message: localizeServerText(error.message, i18n.language),
                  })}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      {errors.length > shown.length ? (
        <Text size="sm" c="dimmed">
          {t("bulkUpload.moreErrors", { count: errors.length - shown.length })}
        </Text>
      ) : null}
    </Stack>
  );
}
