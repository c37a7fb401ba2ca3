import type { LocationOption } from "@wms/domain";
import type { ComponentType } from "react";
import { createContext } from "react";

/** What the location picker hands to a layout chooser: the field, the item and what is off limits. */
export interface LayoutChooserProps {
  opened: boolean;
  onClose: () => void;
  /** The picker's label (e.g. "Source location"), for the chooser's title. */
  field: string;
  /** The item whose quantities matter; with stockedOnly, only positions holding it may be chosen. */
  itemId: number | null;
  stockedOnly: boolean;
  /** Positions the picker does not offer (the other side of a move, locations already added). */
  excludeIds: readonly number[];
  /** The position chosen so far, shown as Selected. */
  current: LocationOption | null;
  onChoose: (location: LocationOption) => void;
}

/**
 * The warehouse layout in select mode, as an alternative to typing a location code. Shared components
 * cannot import features, so the page supplies it (features/warehouse-grid) through this context; the
 * location picker shows its 'Choose on layout' button only where one is supplied.
 */
export const LocationLayoutChooserContext = createContext<ComponentType<LayoutChooserProps> | null>(null);
