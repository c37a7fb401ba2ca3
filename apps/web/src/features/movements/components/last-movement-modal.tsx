import { Modal, Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { useLatestMovement } from "../api/movements.ts";
import { MovementDetails } from "./movement-details.tsx";

interface LastMovementModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The most recent movement recorded, with every detail. */
export function LastMovementModal({ opened, onClose }: LastMovementModalProps) {
  const { t } = useTranslation();
  const latest = useLatestMovement(opened);
  let body = (
    <Stack gap="xs" aria-busy="true" aria-label={t("common.loading")}>
      {Array.from({ length: 8 }, (_, line) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={line} height={14} />
      ))}
    </Stack>
  );
  if (latest.isError) {
    body = <ErrorState error={latest.error} onRetry={() => latest.refetch()} retrying={latest.isFetching} />;
  } else if (latest.data) {
    body = latest.data.movement ? (
      <MovementDetails movement={latest.data.movement} />
    ) : (
      <EmptyState text={t("movements.noneYet")} />
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t("movements.lastTitle")} centered>
      {body}
    </Modal>
  );
}
