import "@mantine/dropzone/styles.css";
import { Alert, Anchor, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import type { FileRejection } from "@mantine/dropzone";
import { Dropzone } from "@mantine/dropzone";
import { IconAlertCircle, IconDownload, IconFileTypeCsv, IconUpload, IconX } from "@tabler/icons-react";
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_SAMPLE_FILE_NAME } from "@wms/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SAMPLE_FILE_URL } from "../api/import-preview.ts";
import type { UploadFile } from "../lib/upload-file.ts";
import { uploadFileProblem } from "../lib/upload-file.ts";

interface UploadStepProps {
  /** True while the chosen file is being checked by the server. */
  busy: boolean;
  /** The server's answer to the last file (a file-level problem), shown under the drop zone. */
  serverError: string | null;
  onFile: (upload: UploadFile) => void;
}

const REQUIRED_HEADERS = IMPORT_COLUMNS.filter((column) => column.required).map((column) => column.header);
const OPTIONAL_HEADERS = IMPORT_COLUMNS.filter((column) => !column.required).map((column) => column.header);

/** Step 1: one .csv file up to 10 MB, dropped or picked; the browser refuses other names and sizes. */
export function UploadStep({ busy, serverError, onFile }: UploadStepProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const take = async (file: File) => {
    setFileName(file.name);
    const refused = uploadFileProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    let bytes: ArrayBuffer;
    try {
      bytes = await file.arrayBuffer();
    } catch {
      setProblem(t("bulkUpload.readError"));
      return;
    }
    setProblem(null);
    onFile({ fileName: file.name, size: file.size, bytes });
  };

  const onDrop = (files: File[]) => {
    const [file] = files;
    if (file) {
      void take(file);
    }
  };
  const onReject = (rejections: FileRejection[]) => {
    const [first] = rejections;
    if (rejections.length > 1 || !first) {
      setProblem(t("bulkUpload.oneFile"));
      return;
    }
    setFileName(first.file.name);
    setProblem(uploadFileProblem(first.file) ?? t("bulkUpload.oneFile"));
  };

  const message = problem ?? serverError;
  return (
    <Stack>
      <Dropzone
        onDrop={onDrop}
        onReject={onReject}
        accept={{ "text/csv": [".csv"] }}
        maxSize={IMPORT_MAX_BYTES}
        multiple={false}
        loading={busy}
        aria-label={t("bulkUpload.dropLabel")}
        inputProps={{ "aria-label": t("bulkUpload.fileInput") }}
      >
        <Group justify="center" gap="lg" mih={160} wrap="nowrap">
          <Dropzone.Accept>
            <ThemeIcon variant="light" size={56} radius="xl" aria-hidden>
              <IconUpload size={32} />
            </ThemeIcon>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <ThemeIcon variant="light" color="red" size={56} radius="xl" aria-hidden>
              <IconX size={32} />
            </ThemeIcon>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <ThemeIcon variant="light" color="gray" size={56} radius="xl" aria-hidden>
              <IconFileTypeCsv size={32} />
            </ThemeIcon>
          </Dropzone.Idle>
          <Stack gap={4}>
            <Text size="lg" fw={500}>
              {t("bulkUpload.dropTitle")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("bulkUpload.dropHint")}
            </Text>
            {fileName ? (
              <Text size="sm" fw={500}>
                {busy ? t("bulkUpload.checking", { fileName }) : t("bulkUpload.chosen", { fileName })}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Dropzone>
      {message ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {message}
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Text size="sm">{t("bulkUpload.requiredColumns", { columns: REQUIRED_HEADERS.join(", ") })}</Text>
        <Text size="sm" c="dimmed">
          {t("bulkUpload.optionalColumns", { columns: OPTIONAL_HEADERS.join(", ") })}
        </Text>
      </Stack>
      <Group>
        <Anchor href={SAMPLE_FILE_URL} download={IMPORT_SAMPLE_FILE_NAME} size="sm">
          <Group gap={6} component="span">
            <IconDownload size={16} aria-hidden />
            {t("bulkUpload.downloadSample")}
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}
