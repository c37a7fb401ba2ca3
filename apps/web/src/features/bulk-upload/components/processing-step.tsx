import { Group, Progress, Stack, Text } from "@mantine/core";
import type { ImportProgress } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { countFormat, numberLocale } from "../../../lib/format-number.ts";

/** Step 3: the server's own figure for the running commit, with what it is doing. */
export function ProcessingStep({ progress }: { progress: ImportProgress | undefined }) {
  const { t, i18n } = useTranslation();
  const number = countFormat(numberLocale(i18n.language));
  const phase = progress?.phase ?? "waiting";
  const percent = progress?.percent ?? 0;
  const phaseText = t(`bulkUpload.phases.${phase}`);
  return (
    <Stack py="md" aria-live="polite">
      <Group justify="space-between">
        <Text fw={500}>{phaseText}</Text>
        <Text fw={600}>{t("bulkUpload.percent", { percent })}</Text>
      </Group>
      <Progress value={percent} size="lg" striped animated={phase !== "done"} aria-label={phaseText} />
      {progress && progress.total > 0 ? (
        <Text size="sm" c="dimmed">
          {t("bulkUpload.progressCount", {
            processed: number.format(progress.processed),
            total: number.format(progress.total),
          })}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {t("bulkUpload.keepOpen")}
      </Text>
    </Stack>
  );
}
