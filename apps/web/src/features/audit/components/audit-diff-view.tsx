import { Badge, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { auditDiff, type FieldChange } from "../lib/audit-diff.ts";
import classes from "./audit.module.css";

const KIND_COLOR: Record<FieldChange["kind"], string> = {
  added: "green",
  removed: "red",
  changed: "yellow",
  unchanged: "gray",
};

function Value({ text }: { text: string | null }) {
  const { t } = useTranslation();
  if (text === null) {
    return (
      <Text span size="sm" c="dimmed">
        {t("audit.noValue")}
      </Text>
    );
  }
  // Ids, codes and JSON read left to right whatever the page's direction.
  return (
    <Text span size="sm" ff="monospace" dir="auto" className={classes.value}>
      {text}
    </Text>
  );
}

interface AuditDiffViewProps {
  before: unknown;
  after: unknown;
  /** Names the table for assistive technology, e.g. "Changes to item 12". */
  label: string;
}

/** The record before and after the write, field by field, what changed marked in words and colour. */
export function AuditDiffView({ before, after, label }: AuditDiffViewProps) {
  const { t } = useTranslation();
  const changes = auditDiff(before, after);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("audit.noDetails")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={4} aria-label={label} className={classes.diff}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("audit.field")}</Table.Th>
            <Table.Th>{t("audit.before")}</Table.Th>
            <Table.Th>{t("audit.after")}</Table.Th>
            <Table.Th>{t("audit.change")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.field} data-kind={change.kind}>
              <Table.Td>
                <Text span size="sm" ff="monospace" dir="ltr">
                  {change.field}
                </Text>
              </Table.Td>
              <Table.Td>
                <Value text={change.before} />
              </Table.Td>
              <Table.Td>
                <Value text={change.after} />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={KIND_COLOR[change.kind]} size="sm">
                  {t(`audit.kinds.${change.kind}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
