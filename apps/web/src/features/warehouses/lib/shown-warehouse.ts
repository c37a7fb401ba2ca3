import type { WarehouseSummary } from "@wms/domain";

/**
 * The warehouse a one-warehouse view shows: the one the address asks for when it exists, else the
 * first. Until the list is in, the one asked for (its layout loads alongside the list).
 *
 * Worked out on every render rather than written back into the address: writing a default there is a
 * navigation of its own, and one made while the user's click on another screen is still loading
 * would cancel that click.
 */
export function shownWarehouseId(
  list: readonly Pick<WarehouseSummary, "id">[] | undefined,
  requestedId: number | null,
): number | null {
  if (list === undefined) {
    return requestedId;
  }
  const requested = list.find((warehouse) => warehouse.id === requestedId);
  return (requested ?? list[0])?.id ?? null;
}
