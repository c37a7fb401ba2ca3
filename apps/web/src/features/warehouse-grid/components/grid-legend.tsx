import { Group, Text } from "@mantine/core";
import { IconClick, IconHandFinger } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./warehouse-grid.module.css";

interface GridLegendProps {
  mode: "view" | "select";
  /** Long press to delete is listed only where deleting is enabled. */
  deletable: boolean;
  searching: boolean;
}

function Swatch({ kind, label }: { kind: "empty" | "occupied" | "selected" | "match"; label: string }) {
  return (
    <Group gap={6} wrap="nowrap" role="listitem">
      <span className={classes.swatch} data-kind={kind} aria-hidden />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

/** The spec's legend: Empty, Has Items, Selected, Value (AED), Click to view, Long press to delete. */
export function GridLegend({ mode, deletable, searching }: GridLegendProps) {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="wrap" role="list" aria-label={t("grid.legend")}>
      <Swatch kind="empty" label={t("grid.legendEmpty")} />
      <Swatch kind="occupied" label={t("grid.legendHasItems")} />
      <Swatch kind="selected" label={t("grid.legendSelected")} />
      {searching ? <Swatch kind="match" label={t("grid.legendMatch")} /> : null}
      <Text size="xs" role="listitem" fw={600}>
        {t("grid.legendValue")}
      </Text>
      <Group gap={4} wrap="nowrap" role="listitem">
        <IconClick size={14} aria-hidden />
        <Text size="xs">
          {mode === "select" ? t("grid.legendClickToSelect") : t("grid.legendClickToView")}
        </Text>
      </Group>
      {deletable ? (
        <Group gap={4} wrap="nowrap" role="listitem">
          <IconHandFinger size={14} aria-hidden />
          <Text size="xs">{t("grid.legendLongPress")}</Text>
        </Group>
      ) : null}
    </Group>
  );
}
