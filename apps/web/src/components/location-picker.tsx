import { Box, Button, Group, Select, Text } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { IconLayoutGrid, IconMapPin } from "@tabler/icons-react";
import type { LocationOption } from "@wms/domain";
import type { ReactNode } from "react";
import { Suspense, useContext, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatQuantity } from "../lib/format-number.ts";
import { useLocations } from "../lib/locations.ts";
import { useUnitTexts } from "../lib/unit-format.ts";
import { chooseHighlightedOnEnter } from "./choose-highlighted-on-enter.ts";
import { LocationLayoutChooserContext } from "./location-layout-chooser.ts";
import { useNestedDialog } from "./nested-dialogs.ts";

/** The search waits this long after the last keystroke before it asks the server. */
const PICKER_DEBOUNCE_MS = 300;

interface LocationPickerProps {
  label: string;
  /** The chosen location's id; null when none. */
  value: number | null;
  onChange: (location: LocationOption | null) => void;
  /** The item whose quantity each position shows (and, with stockedOnly, holds). */
  itemId: number | null;
  /** The item's unit, shown beside the quantities. */
  unit?: string | undefined;
  /** Only positions holding the item: the source of an outgoing movement. */
  stockedOnly?: boolean;
  /** Positions not to offer (e.g. the other side of a move, or locations already added). */
  excludeIds?: readonly number[];
  error?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Offers 'Choose on layout' where the page supplies the layout chooser (default true). */
  layoutChooser?: boolean;
  "data-autofocus"?: boolean;
}

/**
 * A searchable picker of storage positions (warehouse + shelf + section codes), asking the server as the
 * user types, and showing what each position holds of the chosen item. Shared by the movement, purchase
 * and storage-location forms.
 */
export function LocationPicker({
  label,
  value,
  onChange,
  itemId,
  unit,
  stockedOnly = false,
  excludeIds = [],
  error,
  description,
  placeholder,
  required,
  disabled = false,
  layoutChooser = true,
  ...rest
}: LocationPickerProps) {
  const { t } = useTranslation();
  const Chooser = useContext(LocationLayoutChooserContext);
  const [chooserOpened, chooser] = useDisclosure(false);
  useNestedDialog(chooserOpened);
  // The chooser unmounts as it closes, too soon to hand the focus back itself: the picker does.
  const chooserButton = useRef<HTMLButtonElement>(null);
  const closeChooser = () => {
    chooser.close();
    requestAnimationFrame(() => chooserButton.current?.focus());
  };
  const [selected, setSelected] = useState<LocationOption | null>(null);
  const [search, setSearch] = useState("");
  if (value === null && selected !== null) {
    // The form cleared the field (type or item changed, or the location was added to a list).
    setSelected(null);
    setSearch("");
  }
  const [debounced] = useDebouncedValue(search, PICKER_DEBOUNCE_MS);
  // While the box shows the chosen code, list every position rather than only that one.
  const searched = selected && debounced === selected.code ? "" : debounced;
  const locations = useLocations({ search: searched, itemId, stockedOnly }, !disabled);

  const options = useMemo(() => {
    const byId = new Map<number, LocationOption>();
    if (selected && selected.id === value) {
      byId.set(selected.id, selected);
    }
    for (const location of locations.data?.locations ?? []) {
      if (!excludeIds.includes(location.id) || location.id === value) {
        byId.set(location.id, location);
      }
    }
    return byId;
  }, [locations.data, selected, value, excludeIds]);

  const { withUnit } = useUnitTexts();
  const holds = (location: LocationOption) =>
    unit ? withUnit(location.quantity, unit) : formatQuantity(location.quantity);

  const withChooser = layoutChooser && Chooser !== null;
  const choose = (location: LocationOption) => {
    setSelected(location);
    onChange(location);
    closeChooser();
  };

  const select = (
    <Select<number>
      label={label}
      description={description}
      placeholder={placeholder ?? t("locationPicker.placeholder")}
      required={required}
      disabled={disabled}
      error={error}
      searchable
      clearable
      searchValue={search}
      onKeyDownCapture={chooseHighlightedOnEnter}
      onSearchChange={setSearch}
      value={value}
      onChange={(id) => {
        const location = id === null ? null : (options.get(id) ?? null);
        setSelected(location);
        onChange(location);
      }}
      data={[...options.values()].map((location) => ({ value: location.id, label: location.code }))}
      // The server has already filtered by the search.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        locations.isFetching
          ? t("common.loading")
          : stockedOnly
            ? t("locationPicker.noneStocked")
            : t("locationPicker.none")
      }
      leftSection={<IconMapPin size={16} aria-hidden />}
      maxDropdownHeight={280}
      renderOption={({ option }) => {
        const location = options.get(option.value);
        return (
          <Group justify="space-between" gap="sm" wrap="nowrap" w="100%">
            <Text size="sm" ff="monospace">
              {option.label}
            </Text>
            {location && itemId ? (
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
                {t("locationPicker.holds", { quantity: holds(location) })}
              </Text>
            ) : null}
          </Group>
        );
      }}
      inputContainer={
        withChooser
          ? (input) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Box flex={1} miw={0}>
                  {input}
                </Box>
                <Button
                  ref={chooserButton}
                  variant="default"
                  leftSection={<IconLayoutGrid size={16} aria-hidden />}
                  disabled={disabled}
                  aria-label={t("grid.chooseOnLayoutLabel", { field: label })}
                  onClick={chooser.open}
                >
                  {t("grid.chooseOnLayout")}
                </Button>
              </Group>
            )
          : undefined
      }
      {...rest}
    />
  );

  if (!withChooser || Chooser === null) {
    return select;
  }
  return (
    <>
      {select}
      {chooserOpened ? (
        <Suspense fallback={null}>
          <Chooser
            opened={chooserOpened}
            onClose={closeChooser}
            field={label}
            itemId={itemId}
            stockedOnly={stockedOnly}
            excludeIds={excludeIds}
            current={selected && selected.id === value ? selected : null}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
}
