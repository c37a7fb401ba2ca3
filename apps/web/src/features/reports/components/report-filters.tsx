import { Button, Group, Select, TextInput } from "@mantine/core";
import { IconCalendar, IconCalendarMonth, IconSearch } from "@tabler/icons-react";
import type { ReportType } from "@wms/domain";
import { REPORT_TYPES } from "@wms/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ItemPicker } from "../../../components/item-picker.tsx";
import { intlLocale } from "../../../lib/format-locale.ts";
import type { ReportSelection } from "../lib/report-selection.ts";
import { AS_OF_REPORTS, recentMonths, withEnd, withStart } from "../lib/report-selection.ts";
import classes from "./reports.module.css";

/** How many months Single Item Summary offers, the current one first. */
const MONTHS_OFFERED = 120;

export interface FilterErrors {
  type?: string;
  itemId?: string;
}

interface ReportFiltersProps {
  draft: ReportSelection;
  today: string;
  errors: FilterErrors;
  searching: boolean;
  onChange: (draft: ReportSelection) => void;
  onSearch: () => void;
}

/** What to report on: the type, its period (or item and month) and the Search button that generates it. */
export function ReportFilters({ draft, today, errors, searching, onChange, onSearch }: ReportFiltersProps) {
  const { t, i18n } = useTranslation();
  const typeOptions = REPORT_TYPES.map((value) => ({ value, label: t(`reports.types.${value}`) }));
  const monthOptions = useMemo(() => {
    const name = new Intl.DateTimeFormat(intlLocale(i18n.language), {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    return recentMonths(today, MONTHS_OFFERED).map((value) => ({
      value,
      label: name.format(new Date(`${value}-01T00:00:00Z`)),
    }));
  }, [today, i18n.language]);
  const singleItem = draft.type === "single-item-summary";
  const asOf = draft.type !== null && AS_OF_REPORTS.has(draft.type);

  return (
    <Group
      component="form"
      align="flex-start"
      gap="sm"
      wrap="wrap"
      aria-label={t("reports.filtersLabel")}
      className={classes.noPrint}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Select
        label={t("reports.type")}
        placeholder={t("reports.typePlaceholder")}
        data={typeOptions}
        value={draft.type}
        onChange={(value) => onChange({ ...draft, type: value as ReportType | null })}
        allowDeselect={false}
        error={errors.type}
        w={{ base: "100%", xs: 240 }}
      />
      {singleItem ? (
        <>
          <ItemPicker
            label={t("reports.item")}
            value={draft.itemId}
            onChange={(item) => onChange({ ...draft, itemId: item?.id ?? null })}
            error={errors.itemId}
            required
          />
          <Select
            label={t("reports.month")}
            data={monthOptions}
            value={draft.month}
            onChange={(value) => {
              if (value) {
                onChange({ ...draft, month: value });
              }
            }}
            allowDeselect={false}
            searchable
            leftSection={<IconCalendarMonth size={16} aria-hidden />}
            w={{ base: "100%", xs: 200 }}
          />
        </>
      ) : (
        <>
          <TextInput
            type="date"
            label={t("reports.startDate")}
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={draft.start}
            disabled={asOf}
            onChange={(event) => {
              // A cleared date field keeps the period as it was.
              if (event.currentTarget.value !== "") {
                onChange(withStart(draft, event.currentTarget.value));
              }
            }}
            w={{ base: "100%", xs: 170 }}
          />
          <TextInput
            type="date"
            label={t("reports.endDate")}
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={draft.end}
            onChange={(event) => {
              if (event.currentTarget.value !== "") {
                onChange(withEnd(draft, event.currentTarget.value));
              }
            }}
            w={{ base: "100%", xs: 170 }}
          />
        </>
      )}
      <Button
        type="submit"
        leftSection={<IconSearch size={16} aria-hidden />}
        loading={searching}
        mt={{ base: 0, xs: 25 }}
      >
        {t("reports.search")}
      </Button>
    </Group>
  );
}
