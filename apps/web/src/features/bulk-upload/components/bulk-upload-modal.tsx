import { Modal, Stack, Stepper } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { ImportPreviewResponse } from "@wms/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { sessionEffectOf } from "../../../lib/api-client.ts";
import type { FailureTexts } from "../../../lib/error-message.ts";
import { newIdempotencyKey } from "../../../lib/idempotency.ts";
import { useErrorMessage } from "../../../lib/use-error-message.ts";
import { forgetSession } from "../../auth/api/session.ts";
import { announceSessionEnd, holdSessionEnd } from "../../auth/api/session-end.ts";
import { useCommitImport } from "../api/import-commit.ts";
import { usePreviewImport } from "../api/import-preview.ts";
import { useImportProgress } from "../api/import-progress.ts";
import type { UploadFile } from "../lib/upload-file.ts";
import { commitOutcomeKnown } from "../lib/upload-file.ts";
import { PreviewStep } from "./preview-step.tsx";
import { ProcessingStep } from "./processing-step.tsx";
import type { CommitOutcome } from "./result-step.tsx";
import { ResultStep } from "./result-step.tsx";
import { UploadStep } from "./upload-step.tsx";

/** The spec's states of a bulk upload (section 4), in order. */
export const BULK_UPLOAD_STEPS = ["upload", "preview", "processing", "result"] as const;
export type BulkUploadStep = (typeof BULK_UPLOAD_STEPS)[number];

interface BulkUploadModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Bulk Upload CSV (admin): upload, preview, processing with the server's percentage, result. */
export function BulkUploadModal({ opened, onClose }: BulkUploadModalProps) {
  const { t } = useTranslation();
  // While the commit runs the window stays open: its answer is the only word on what was saved.
  const [locked, setLocked] = useState(false);
  const close = () => {
    if (!locked) {
      onClose();
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("bulkUpload.title")}
      size="70rem"
      centered
      closeOnClickOutside={!locked}
      closeOnEscape={!locked}
      withCloseButton={!locked}
    >
      {/* The content unmounts when the modal closes, so Close starts the next upload afresh. */}
      <BulkUploadFlow onClose={onClose} onLockChange={setLocked} />
    </Modal>
  );
}

interface BulkUploadFlowProps {
  onClose: () => void;
  onLockChange: (locked: boolean) => void;
}

function BulkUploadFlow({ onClose, onLockChange }: BulkUploadFlowProps) {
  const { t, i18n } = useTranslation();
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  const preview = usePreviewImport();
  const commit = useCommitImport();
  const texts: FailureTexts = { signedOut: t("bulkUpload.authMissing") };
  // A 401 is told here rather than by leaving for the login page at once (the spec's message); the
  // session is forgotten when the window closes.
  const sessionGone = useRef(false);
  const noteFailure = (error: unknown) => {
    if (sessionEffectOf(error) === "signed-out") {
      sessionGone.current = true;
    }
  };
  // A session found ended meanwhile by the live-update stream is also left to this window while open.
  useEffect(() => {
    const release = holdSessionEnd();
    return () => {
      const endedMeanwhile = release();
      if (sessionGone.current) {
        forgetSession(queryClient);
      } else if (endedMeanwhile) {
        announceSessionEnd(queryClient, i18n);
      }
    };
  }, [queryClient, i18n]);
  const [step, setStep] = useState<BulkUploadStep>("upload");
  const [upload, setUpload] = useState<UploadFile | null>(null);
  const [previewData, setPreviewData] = useState<ImportPreviewResponse | null>(null);
  const [outcome, setOutcome] = useState<CommitOutcome | null>(null);
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  // The key of a commit whose outcome is unknown (network failure): its retry must send it again.
  const unsettled = useRef<{ upload: UploadFile; key: string } | null>(null);
  const progress = useImportProgress(attemptKey, step === "processing");

  useEffect(() => {
    onLockChange(step === "processing");
    return () => onLockChange(false);
  }, [step, onLockChange]);

  const check = (file: UploadFile) => {
    setUpload(file);
    preview.mutate(file, {
      onSuccess: (data) => {
        setPreviewData(data);
        setStep("preview");
      },
      onError: noteFailure,
    });
  };

  const chooseAnother = () => {
    preview.reset();
    setUpload(null);
    setPreviewData(null);
    setStep("upload");
  };

  const start = () => {
    if (!upload) {
      return;
    }
    if (unsettled.current?.upload !== upload) {
      unsettled.current = { upload, key: newIdempotencyKey() };
    }
    const key = unsettled.current.key;
    setAttemptKey(key);
    setStep("processing");
    commit.mutate(
      { upload, idempotencyKey: key },
      {
        onSuccess: (result) => {
          unsettled.current = null;
          setOutcome({ ok: true, result });
          setStep("result");
        },
        onError: (error) => {
          noteFailure(error);
          if (commitOutcomeKnown(error)) {
            unsettled.current = null;
          }
          setOutcome({ ok: false, error });
          setStep("result");
        },
      },
    );
  };

  // Try Again: back to the preview of the same file, checked again (what failed may have changed).
  const tryAgain = () => {
    setOutcome(null);
    setStep("preview");
    if (upload) {
      preview.mutate(upload, { onSuccess: setPreviewData, onError: noteFailure });
    }
  };

  const failed = outcome !== null && !outcome.ok;
  return (
    <Stepper active={BULK_UPLOAD_STEPS.indexOf(step)} allowNextStepsSelect={false} size="sm">
      <Stepper.Step label={t("bulkUpload.steps.upload")} description={t("bulkUpload.steps.uploadHint")}>
        <UploadStep
          busy={preview.isPending}
          serverError={preview.error ? describe(preview.error, texts) : null}
          onFile={check}
        />
      </Stepper.Step>
      <Stepper.Step label={t("bulkUpload.steps.preview")} description={t("bulkUpload.steps.previewHint")}>
        <Stack>
          {preview.error ? <ErrorAlert error={preview.error} texts={texts} /> : null}
          {previewData ? (
            <PreviewStep
              preview={previewData}
              refreshing={preview.isPending}
              onBack={chooseAnother}
              onCommit={start}
            />
          ) : null}
        </Stack>
      </Stepper.Step>
      <Stepper.Step
        label={t("bulkUpload.steps.processing")}
        description={t("bulkUpload.steps.processingHint")}
        loading={step === "processing"}
      >
        <ProcessingStep progress={progress.data} />
      </Stepper.Step>
      <Stepper.Step
        label={t("bulkUpload.steps.result")}
        description={t("bulkUpload.steps.resultHint")}
        color={failed ? "red" : undefined}
        icon={failed ? <IconX size={18} aria-hidden /> : undefined}
      >
        {outcome ? <ResultStep outcome={outcome} onTryAgain={tryAgain} onClose={onClose} /> : null}
      </Stepper.Step>
    </Stepper>
  );
}
