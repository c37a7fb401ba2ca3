import { Badge, Button, Table, Text } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import type { AuditEntry } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../../lib/format-date.ts";
import { hasDetails } from "../lib/audit-diff.ts";
import classes from "./audit.module.css";
import { AuditDiffView } from "./audit-diff-view.tsx";
import { useAuditLabels } from "./audit-labels.ts";

export const AUDIT_COLUMN_COUNT = 6;

const ACTION_COLOR: Record<string, string> = {
  create: "green",
  create_first_admin: "green",
  update: "blue",
  change_reason: "blue",
  archive: "orange",
  delete: "red",
  delete_container_shelf: "red",
};

interface AuditEntryRowProps {
  entry: AuditEntry;
  expanded: boolean;
  onToggle: () => void;
}

/** One entry: when, who, entity, id, action, and under it, once opened, the before/after of the record. */
export function AuditEntryRow({ entry, expanded, onToggle }: AuditEntryRowProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const labels = useAuditLabels();
  const detailsId = `audit-entry-${entry.id}-details`;
  const subject = t("audit.subject", { entity: labels.entity(entry.entity), id: entry.entityId });
  const withDetails = hasDetails(entry.before, entry.after);
  return (
    <>
      <Table.Tr data-entry-id={entry.id}>
        <Table.Td style={{ whiteSpace: "nowrap" }}>{dates.dateTime(entry.occurredAt)}</Table.Td>
        <Table.Td>{entry.actorName ?? t("audit.system")}</Table.Td>
        <Table.Td>{labels.entity(entry.entity)}</Table.Td>
        <Table.Td>
          <Text span size="sm" ff="monospace" dir="ltr">
            {entry.entityId}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge variant="light" color={ACTION_COLOR[entry.action] ?? "gray"}>
            {labels.action(entry.action)}
          </Badge>
        </Table.Td>
        <Table.Td>
          {withDetails ? (
            <Button
              size="compact-sm"
              variant="subtle"
              rightSection={
                expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
              }
              aria-expanded={expanded}
              aria-controls={expanded ? detailsId : undefined}
              aria-label={t(expanded ? "audit.hideChangesOf" : "audit.showChangesOf", { subject })}
              onClick={onToggle}
            >
              {t(expanded ? "audit.hideChanges" : "audit.showChanges")}
            </Button>
          ) : (
            <Text span size="sm" c="dimmed">
              {t("audit.noDetailsShort")}
            </Text>
          )}
        </Table.Td>
      </Table.Tr>
      {expanded && withDetails ? (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={AUDIT_COLUMN_COUNT} className={classes.detailsCell}>
            <AuditDiffView
              before={entry.before}
              after={entry.after}
              label={t("audit.changesTo", { subject })}
            />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
