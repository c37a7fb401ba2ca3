import { Group, Select, TextInput } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import type { MovementType } from "@wms/domain";
import { MOVEMENT_TYPES } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { DebouncedSearchInput } from "../../../components/debounced-search-input.tsx";

const ALL_TYPES = "ALL";

interface MovementToolbarProps {
  type: MovementType | null;
  from: string;
  to: string;
  search: string;
  onTypeChange: (type: MovementType | null) => void;
  onFromChange: (from: string) => void;
  onToChange: (to: string) => void;
  onSearchChange: (search: string) => void;
}

/** The filters: type, the period (From/To) and a debounced search (item, staff, invoice). */
export function MovementToolbar(props: MovementToolbarProps) {
  const { t } = useTranslation();

  const typeOptions = [
    { value: ALL_TYPES, label: t("movements.allTypes") },
    ...MOVEMENT_TYPES.map((value) => ({ value, label: t(`movements.types.${value}`) })),
  ];

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <DebouncedSearchInput
        label={t("movements.searchLabel")}
        placeholder={t("movements.searchPlaceholder")}
        value={props.search}
        onSearchChange={props.onSearchChange}
        miw={220}
        maw={420}
        style={{ flexGrow: 1 }}
      />
      <Select
        label={t("movements.typeFilter")}
        data={typeOptions}
        value={props.type ?? ALL_TYPES}
        onChange={(value) =>
          props.onTypeChange(value === null || value === ALL_TYPES ? null : (value as MovementType))
        }
        allowDeselect={false}
        w={170}
      />
      <TextInput
        type="date"
        label={t("movements.from")}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={props.from}
        onChange={(event) => {
          // A cleared date field keeps the period as it was.
          if (event.currentTarget.value !== "") {
            props.onFromChange(event.currentTarget.value);
          }
        }}
        w={170}
      />
      <TextInput
        type="date"
        label={t("movements.to")}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={props.to}
        onChange={(event) => {
          if (event.currentTarget.value !== "") {
            props.onToChange(event.currentTarget.value);
          }
        }}
        w={170}
      />
    </Group>
  );
}
