import { Button } from "@mantine/core";
import { IconEdit, IconTrash } from "@tabler/icons-react";

interface RowActionProps {
  /** The visible text ("Edit", "Delete"). */
  label: string;
  /** What a screen reader hears: the action with the record's name ("Edit Green Tea"). */
  accessibleLabel: string;
  onClick: () => void;
  /** Cards use "xs"; dense table rows "compact-sm". */
  size?: "xs" | "compact-sm";
}

const iconSize = (size: RowActionProps["size"]) => (size === "compact-sm" ? 14 : 16);

/** The edit action every list offers on a record, styled alike on every screen. */
export function EditButton({ label, accessibleLabel, onClick, size = "xs" }: RowActionProps) {
  return (
    <Button
      size={size}
      variant="default"
      leftSection={<IconEdit size={iconSize(size)} aria-hidden />}
      aria-label={accessibleLabel}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/** The delete action every list offers on a record, in the danger colour. */
export function DeleteButton({ label, accessibleLabel, onClick, size = "xs" }: RowActionProps) {
  return (
    <Button
      size={size}
      variant="light"
      color="red"
      leftSection={<IconTrash size={iconSize(size)} aria-hidden />}
      aria-label={accessibleLabel}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
