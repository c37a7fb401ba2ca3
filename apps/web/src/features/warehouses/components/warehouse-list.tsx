import { SimpleGrid } from "@mantine/core";
import type { WarehouseSummary } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { CardsSkeleton } from "../../../components/loading-skeleton.tsx";
import { useWarehouses } from "../api/warehouses.ts";
import { WarehouseCard } from "./warehouse-card.tsx";

interface WarehouseListProps {
  /** What to do when none exist, which depends on who is looking. */
  emptyText: string;
  /** Per-card buttons (admin only); read-only cards without it. */
  renderActions?: (warehouse: WarehouseSummary) => ReactNode;
}

/** Cards, one per warehouse, with loading, error and empty states. */
export function WarehouseList({ emptyText, renderActions }: WarehouseListProps) {
  const { t } = useTranslation();
  const warehouses = useWarehouses();
  if (warehouses.isPending) {
    return <CardsSkeleton count={3} lines={6} />;
  }
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
  if (warehouses.data.warehouses.length === 0) {
    return <EmptyState text={emptyText} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {warehouses.data.warehouses.map((warehouse) => (
        <WarehouseCard key={warehouse.id} warehouse={warehouse} actions={renderActions?.(warehouse)} />
      ))}
    </SimpleGrid>
  );
}
