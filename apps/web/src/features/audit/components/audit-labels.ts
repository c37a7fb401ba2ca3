import { useTranslation } from "react-i18next";

/**
 * Readable names of the log's entities and actions in the reader's language; a name the
 * translations do not know yet (a newer kind of write) shows as it is stored, spaced out.
 */
export function useAuditLabels() {
  const { t, i18n } = useTranslation();
  const label = (group: "entities" | "actions", name: string) => {
    const key = `audit.${group}.${name}`;
    return i18n.exists(key) ? t(key) : name.replaceAll("_", " ");
  };
  return {
    entity: (name: string) => label("entities", name),
    action: (name: string) => label("actions", name),
  };
}
