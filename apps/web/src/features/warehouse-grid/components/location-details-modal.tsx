import { Button, Group, Modal, Skeleton, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileExport } from "@tabler/icons-react";
import type { PositionContents } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/error-state.tsx";
import { formatAed } from "../../../lib/format-number.ts";
import { useLocationContents } from "../api/location-contents.ts";
import { downloadText } from "../lib/download.ts";
import { locationCsv, locationFileName } from "../lib/grid-export.ts";
import type { GridTarget } from "../lib/grid-model.ts";
import { targetCode } from "../lib/grid-model.ts";
import { LocationItemsTable } from "./location-items-table.tsx";

interface LocationDetailsModalProps {
  warehouseName: string;
  /** The location opened; null when closed. */
  target: GridTarget | null;
  /** Whether this view may export the location's CSV. */
  canExport: boolean;
  onClose: () => void;
}

/**
 * View-only mode's location: 'Location {warehouse}{shelf}{section}' with its total value, Export CSV
 * and the items it holds (Item Details, Type & Unit, Quantity, Value), or the spec's empty text. The
 * grid knows only a position's totals: its items load here, when it is opened.
 */
export function LocationDetailsModal({
  warehouseName,
  target,
  canExport,
  onClose,
}: LocationDetailsModalProps) {
  const { t } = useTranslation();
  const code = target ? targetCode(warehouseName, target) : "";
  const contents = useLocationContents(target?.position?.locationId ?? null);

  let body: ReactNode;
  if (!target?.position) {
    body = <EmptyLocation />;
  } else if (contents.isPending) {
    body = (
      <Stack aria-busy="true" aria-label={t("common.loading")}>
        <Skeleton height={20} width="40%" />
        <Skeleton height={120} />
      </Stack>
    );
  } else if (contents.isError) {
    body = (
      <ErrorState error={contents.error} onRetry={() => contents.refetch()} retrying={contents.isFetching} />
    );
  } else if (contents.data.position.items.length === 0) {
    body = <EmptyLocation />;
  } else {
    body = (
      <LocationContentsView
        code={code}
        warehouseName={warehouseName}
        position={contents.data.position}
        canExport={canExport}
      />
    );
  }

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t("grid.locationTitle", { code })}
      size="xl"
      centered
    >
      {body}
    </Modal>
  );
}

function EmptyLocation() {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" ta="center" py="lg">
      {t("grid.noItems")}
    </Text>
  );
}

interface LocationContentsViewProps {
  code: string;
  warehouseName: string;
  position: PositionContents;
  canExport: boolean;
}

/** A stocked location: its total value, Export CSV ({warehouse}_{shelf}{section}.csv) and its items. */
function LocationContentsView({ code, warehouseName, position, canExport }: LocationContentsViewProps) {
  const { t } = useTranslation();
  const exportCsv = () => {
    const file = locationFileName(warehouseName, position.shelf, position.section);
    downloadText(file, locationCsv(warehouseName, position));
    notifications.show({ color: "green", message: t("grid.exported", { file }) });
  };
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
          {t("grid.totalValue")}: {formatAed(position.totalValue)}
        </Text>
        {canExport ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileExport size={16} aria-hidden />}
            onClick={exportCsv}
          >
            {t("grid.exportCsv")}
          </Button>
        ) : null}
      </Group>
      <LocationItemsTable code={code} items={position.items} />
    </Stack>
  );
}
