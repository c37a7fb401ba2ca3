import { Button, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconCalendar, IconFilterOff } from "@tabler/icons-react";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { DebouncedSearchInput } from "../../../components/debounced-search-input.tsx";
import { usePeople } from "../../../lib/people.ts";
import type { AuditFilters } from "../lib/audit-filters.ts";
import {
  hasActiveFilters,
  NO_AUDIT_FILTERS,
  withFilterChange,
  withFrom,
  withTo,
} from "../lib/audit-filters.ts";
import { useAuditLabels } from "./audit-labels.ts";

const ALL = "ALL";

interface AuditToolbarProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters, options?: { replace?: boolean }) => void;
}

/** The filters the server applies: entity, action, user, period and a search of ids, actions and values. */
export function AuditToolbar({ filters, onChange }: AuditToolbarProps) {
  const { t } = useTranslation();
  const labels = useAuditLabels();
  const people = usePeople();

  const entityOptions = [
    { value: ALL, label: t("audit.allEntities") },
    ...AUDIT_ENTITIES.map((value) => ({ value, label: labels.entity(value) })),
  ];
  const actionOptions = [
    { value: ALL, label: t("audit.allActions") },
    ...AUDIT_ACTIONS.map((value) => ({ value, label: labels.action(value) })),
  ];
  const userOptions = [
    { value: ALL, label: t("audit.allUsers") },
    ...(people.data?.people ?? []).map((person) => ({
      value: String(person.id),
      label: person.role === "admin" ? t("audit.adminPerson", { name: person.name }) : person.name,
    })),
  ];
  // A user chosen through the URL but no longer listed (an archived account) still shows as chosen.
  if (filters.actorId !== null && !userOptions.some((option) => option.value === String(filters.actorId))) {
    userOptions.push({
      value: String(filters.actorId),
      label: t("audit.userNumber", { id: filters.actorId }),
    });
  }
  const pick = (value: string | null) => (value === null || value === ALL ? null : value);

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DebouncedSearchInput
          label={t("audit.searchLabel")}
          placeholder={t("audit.searchPlaceholder")}
          value={filters.search}
          onSearchChange={(search) => onChange(withFilterChange(filters, { search }), { replace: true })}
          miw={220}
          maw={480}
          style={{ flexGrow: 1 }}
        />
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          disabled={!hasActiveFilters(filters)}
          onClick={() => onChange(NO_AUDIT_FILTERS)}
        >
          {t("audit.clearFilters")}
        </Button>
      </Group>
      {/* Two filters a row on a phone, all on one row on a wide screen. */}
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <Select
          label={t("audit.entity")}
          data={entityOptions}
          value={filters.entity ?? ALL}
          onChange={(value) => onChange(withFilterChange(filters, { entity: pick(value) }))}
          allowDeselect={false}
        />
        <Select
          label={t("audit.action")}
          data={actionOptions}
          value={filters.action ?? ALL}
          onChange={(value) => onChange(withFilterChange(filters, { action: pick(value) }))}
          allowDeselect={false}
        />
        <Select
          label={t("audit.user")}
          data={userOptions}
          value={filters.actorId === null ? ALL : String(filters.actorId)}
          onChange={(value) => {
            const id = pick(value);
            onChange(withFilterChange(filters, { actorId: id === null ? null : Number(id) }));
          }}
          searchable
          nothingFoundMessage={t("audit.noUsers")}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          label={t("audit.from")}
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={filters.from}
          onChange={(event) => onChange(withFrom(filters, event.currentTarget.value), { replace: true })}
        />
        <TextInput
          type="date"
          label={t("audit.to")}
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={filters.to}
          onChange={(event) => onChange(withTo(filters, event.currentTarget.value), { replace: true })}
        />
      </SimpleGrid>
    </Stack>
  );
}
