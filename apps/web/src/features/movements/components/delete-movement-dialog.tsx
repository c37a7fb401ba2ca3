import { Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { MovementView } from "@wms/domain";
import { movementTooOldMessage } from "@wms/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { localized } from "../../../i18n/server-messages.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useDateFormat } from "../../../lib/format-date.ts";
import { useUnitTexts } from "../../../lib/unit-format.ts";
import { useErrorMessage } from "../../../lib/use-error-message.ts";
import { useDeleteMovement } from "../api/movement-writes.ts";
import { useDeleteWindow } from "../api/movements.ts";
import { minutesLeftNow } from "../lib/delete-window.ts";

/** The row whose Delete was pressed, with when the list holding it was answered and when it was pressed. */
export interface DeleteTarget {
  movement: MovementView;
  answeredAt: number;
  openedAt: number;
}

/** How often an open dialog counts its minutes down. */
const TICK_MS = 15_000;

/** The time of the moment, refreshed every TICK_MS while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) {
      return;
    }
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

interface DeleteMovementDialogProps {
  target: DeleteTarget | null;
  onClose: () => void;
}

/**
 * Delete Movement's confirmation. The minutes left are the server's, asked again when the dialog opens
 * (the list's may be minutes old) and counted down while it stays open; once none are left it says
 * the movement can no longer be deleted, in the spec's words, and offers no doomed Delete.
 */
export function DeleteMovementDialog({ target, onClose }: DeleteMovementDialogProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const { withUnit } = useUnitTexts();
  const describe = useErrorMessage();
  const deleteMovement = useDeleteMovement();
  // The last target stays shown while the dialog fades out after closing.
  const [shown, setShown] = useState(target);
  if (target !== null && target !== shown) {
    setShown(target);
  }
  const current = target ?? shown;
  const opened = target !== null;
  const fresh = useDeleteWindow(current?.movement.id ?? null, opened);
  const now = Math.max(useNow(opened), current?.openedAt ?? 0);

  const close = () => {
    deleteMovement.reset();
    onClose();
  };
  const confirm = () => {
    if (!current) {
      return;
    }
    deleteMovement.mutate(current.movement.id, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("movements.deleted") });
        close();
      },
    });
  };

  const movement = current?.movement;
  // The fresh answer once it is in (an earlier one of the same movement meanwhile), else the list's.
  const counted = fresh.data
    ? { minutes: fresh.data.deleteMinutesLeft, at: fresh.dataUpdatedAt }
    : { minutes: movement?.deleteMinutesLeft ?? 0, at: current?.answeredAt ?? now };
  const minutesLeft = minutesLeftNow(counted.minutes, counted.at, now);
  // Deleted meanwhile (by someone else): the server's 'Movement not found.' and nothing to confirm.
  const gone = isApiError(fresh.error) && fresh.error.code === "NOT_FOUND" && !deleteMovement.isPending;

  let status: string;
  if (gone) {
    status = describe(fresh.error);
  } else if (minutesLeft > 0) {
    status = t("movements.deleteMinutesLeft", { count: minutesLeft });
  } else {
    status = localized(movementTooOldMessage(movement ? dates.dateTime(movement.createdAt) : ""));
  }

  return (
    <ConfirmDialog
      opened={opened}
      title={t("movements.deleteTitle")}
      body={
        <Stack gap="xs">
          <Text size="sm">
            {t("movements.deleteBody", {
              type: movement ? t(`movements.types.${movement.type}`) : "",
              quantity: movement ? withUnit(movement.quantity, movement.unit) : "",
              name: movement?.itemName ?? "",
            })}
          </Text>
          <Text size="sm" fw={500} aria-live="polite">
            {status}
          </Text>
        </Stack>
      }
      confirmLabel={t("movements.deleteConfirm")}
      onConfirm={confirm}
      onClose={close}
      loading={deleteMovement.isPending}
      error={deleteMovement.error}
      errorTexts={{ unexpected: t("movements.deleteFailed") }}
      canConfirm={!gone && minutesLeft > 0}
    />
  );
}
