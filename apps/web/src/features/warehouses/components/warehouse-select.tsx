import { Select } from "@mantine/core";
import { IconBuildingWarehouse } from "@tabler/icons-react";
import type { WarehouseSummary } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { useWarehouses } from "../api/warehouses.ts";

interface WarehouseSelectProps {
  label: string;
  /** The shown warehouse's id (shownWarehouseId). */
  value: number | null;
  onChange: (warehouse: WarehouseSummary) => void;
  /** What to do when none exist, which depends on who is looking. */
  emptyText: string;
}

/**
 * Chooses one warehouse of the list (the staff warehouse view's selector), with the list's loading,
 * error and empty states. Only the user's choice calls onChange: the page works out what is shown
 * without one (shownWarehouseId).
 */
export function WarehouseSelect({ label, value, onChange, emptyText }: WarehouseSelectProps) {
  const { t } = useTranslation();
  const warehouses = useWarehouses();
  const list = warehouses.data?.warehouses ?? [];
  const chosen = list.find((warehouse) => warehouse.id === value) ?? null;

  if (warehouses.isError) {
    return (
      <ErrorState
        error={warehouses.error}
        onRetry={() => warehouses.refetch()}
        retrying={warehouses.isFetching}
        texts={{ unexpected: t("warehouses.loadFailed") }}
      />
    );
  }
  if (warehouses.isSuccess && list.length === 0) {
    return <EmptyState text={emptyText} />;
  }
  return (
    <Select<number>
      label={label}
      data={list.map((warehouse) => ({ value: warehouse.id, label: warehouse.name }))}
      value={chosen?.id ?? null}
      onChange={(id) => {
        const warehouse = list.find((candidate) => candidate.id === id);
        if (warehouse) {
          onChange(warehouse);
        }
      }}
      allowDeselect={false}
      searchable
      disabled={warehouses.isPending}
      placeholder={warehouses.isPending ? t("common.loading") : undefined}
      leftSection={<IconBuildingWarehouse size={16} aria-hidden />}
      w={{ base: "100%", xs: 360 }}
    />
  );
}
