import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FailureTexts } from "../lib/error-message.ts";
import { ErrorAlert } from "./error-alert.tsx";

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The action is running: the confirm button shows it and closing waits. */
  loading?: boolean;
  error?: unknown;
  /** The action's own words for a failure without a reason (network, 5xx), e.g. "Error deleting item…". */
  errorTexts?: FailureTexts;
  destructive?: boolean;
  /** False when the action can no longer succeed: the body says why, and only Close is offered. */
  canConfirm?: boolean;
}

/** Asks before a destructive action; stays open (with the error) when the action fails. */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  error,
  errorTexts,
  destructive = true,
  canConfirm = true,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered>
      <Stack>
        {typeof body === "string" ? <Text size="sm">{body}</Text> : body}
        <ErrorAlert error={error} texts={errorTexts} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {canConfirm ? t("common.cancel") : t("common.close")}
          </Button>
          {canConfirm ? (
            <Button color={destructive ? "red" : undefined} onClick={onConfirm} loading={loading}>
              {confirmLabel}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
