import type { ReactNode } from "react";
import { lazy } from "react";
import { LocationLayoutChooserContext } from "../../../components/location-layout-chooser.ts";

/** Loaded when a picker's 'Choose on layout' is first pressed, so the forms open without it. */
const GridLocationChooser = lazy(async () => ({
  default: (await import("./grid-location-chooser.tsx")).GridLocationChooser,
}));

/** Gives the location pickers inside (movement, purchase, storage location) the layout in select mode. */
export function LayoutChooserProvider({ children }: { children: ReactNode }) {
  return (
    <LocationLayoutChooserContext.Provider value={GridLocationChooser}>
      {children}
    </LocationLayoutChooserContext.Provider>
  );
}
