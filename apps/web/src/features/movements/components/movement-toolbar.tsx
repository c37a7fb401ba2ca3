import { Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconCalendar, IconSearch } from "@tabler/icons-react";
import type { MovementType } from "@wms/domain";
import { MOVEMENT_TYPES } from "@wms/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** Search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
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
  const { search, onSearchChange } = props;
  // What is typed shows at once; the URL (and the query) follow after the pause.
  const [input, setInput] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setInput(search);
  }
  const commitSearch = useDebouncedCallback((value: string) => {
    setShownSearch(value.trim());
    onSearchChange(value.trim());
  }, SEARCH_DEBOUNCE_MS);

  const typeOptions = [
    { value: ALL_TYPES, label: t("movements.allTypes") },
    ...MOVEMENT_TYPES.map((value) => ({ value, label: t(`movements.types.${value}`) })),
  ];

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="search"
        label={t("movements.searchLabel")}
        placeholder={t("movements.searchPlaceholder")}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={input}
        onChange={(event) => {
          setInput(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
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
