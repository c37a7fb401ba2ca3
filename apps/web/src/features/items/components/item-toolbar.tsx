import { Group, Select } from "@mantine/core";
import type { ItemType } from "@wms/domain";
import { ITEM_TYPES, itemTypeLabel } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DebouncedSearchInput } from "../../../components/debounced-search-input.tsx";

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

  const typeOptions = [
    { value: ALL_TYPES, label: t("items.allTypes") },
    ...ITEM_TYPES.map((value) => ({ value, label: itemTypeLabel(value) })),
  ];

  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group align="flex-end" gap="sm" wrap="wrap" style={{ flexGrow: 1 }}>
        <DebouncedSearchInput
          label={t("items.searchLabel")}
          placeholder={t("items.searchPlaceholder")}
          value={search}
          onSearchChange={onSearchChange}
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
