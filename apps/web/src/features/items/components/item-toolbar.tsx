import { Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import type { ItemType } from "@wms/domain";
import { ITEM_TYPES, itemTypeLabel } from "@wms/domain";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** Search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
const ALL_TYPES = "ALL";

interface ItemToolbarProps {
  search: string;
  type: ItemType | null;
  onSearchChange: (search: string) => void;
  onTypeChange: (type: ItemType | null) => void;
  actions?: ReactNode;
}

/** The search box (item number, name, description; debounced) and the type filter. */
export function ItemToolbar({ search, type, onSearchChange, onTypeChange, actions }: ItemToolbarProps) {
  const { t } = useTranslation();
  // What is typed shows at once; the URL (and the query) follow after the pause.
  const [input, setInput] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    // The URL changed from elsewhere (back, reload, a link): show what it says.
    setShownSearch(search);
    setInput(search);
  }
  const commitSearch = useDebouncedCallback((value: string) => {
    setShownSearch(value.trim());
    onSearchChange(value.trim());
  }, SEARCH_DEBOUNCE_MS);

  const typeOptions = [
    { value: ALL_TYPES, label: t("items.allTypes") },
    ...ITEM_TYPES.map((value) => ({ value, label: itemTypeLabel(value) })),
  ];

  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group align="flex-end" gap="sm" wrap="wrap" style={{ flexGrow: 1 }}>
        <TextInput
          type="search"
          label={t("items.searchLabel")}
          placeholder={t("items.searchPlaceholder")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={input}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            commitSearch(event.currentTarget.value);
          }}
          miw={240}
          style={{ flexGrow: 1 }}
          maw={480}
        />
        <Select
          label={t("items.typeFilter")}
          data={typeOptions}
          value={type ?? ALL_TYPES}
          onChange={(value) =>
            onTypeChange(value === null || value === ALL_TYPES ? null : (value as ItemType))
          }
          allowDeselect={false}
          w={200}
        />
      </Group>
      {actions}
    </Group>
  );
}
