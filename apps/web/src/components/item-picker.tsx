import { Group, Select, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPackage } from "@tabler/icons-react";
import type { ItemView } from "@wms/domain";
import type { ReactNode } from "react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useItemOptions } from "../lib/item-options.ts";
import { chooseHighlightedOnEnter } from "./choose-highlighted-on-enter.ts";

const PICKER_DEBOUNCE_MS = 300;

/** How a chosen item reads in the box: its number and name. */
export function itemOptionLabel(item: Pick<ItemView, "itemNo" | "name">): string {
  return `${item.itemNo} · ${item.name}`;
}

interface ItemPickerProps {
  label: string;
  value: number | null;
  onChange: (item: ItemView | null) => void;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  "data-autofocus"?: boolean;
}

/** A searchable item select over GET /api/items?search= (debounced): item number or name. */
export function ItemPicker({
  label,
  value,
  onChange,
  error,
  description,
  required,
  disabled,
  ...rest
}: ItemPickerProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ItemView | null>(null);
  const [search, setSearch] = useState("");
  if (value === null && selected !== null) {
    setSelected(null);
    setSearch("");
  }
  const [debounced] = useDebouncedValue(search, PICKER_DEBOUNCE_MS);
  const searched = selected && debounced === itemOptionLabel(selected) ? "" : debounced;
  const items = useItemOptions(searched);

  const options = useMemo(() => {
    const byId = new Map<number, ItemView>();
    if (selected && selected.id === value) {
      byId.set(selected.id, selected);
    }
    for (const item of items.data?.items ?? []) {
      byId.set(item.id, item);
    }
    return byId;
  }, [items.data, selected, value]);

  return (
    <Select<number>
      label={label}
      description={description}
      placeholder={t("itemPicker.placeholder")}
      required={required}
      disabled={disabled}
      error={error}
      searchable
      searchValue={search}
      onKeyDownCapture={chooseHighlightedOnEnter}
      onSearchChange={setSearch}
      value={value}
      onChange={(id) => {
        const item = id === null ? null : (options.get(id) ?? null);
        setSelected(item);
        onChange(item);
      }}
      data={[...options.values()].map((item) => ({ value: item.id, label: itemOptionLabel(item) }))}
      filter={({ options: all }) => all}
      nothingFoundMessage={items.isFetching ? t("common.loading") : t("itemPicker.none")}
      leftSection={<IconPackage size={16} aria-hidden />}
      maxDropdownHeight={280}
      renderOption={({ option }) => {
        const item = options.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" ff="monospace">
              {item?.itemNo}
            </Text>
            <Text size="sm">{item?.name ?? option.label}</Text>
          </Group>
        );
      }}
      {...rest}
    />
  );
}
