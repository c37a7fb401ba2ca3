import { Button, Stack, useDirection } from "@mantine/core";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import type { WarehouseSummary } from "@wms/domain";
import { ROLE_BASE_PATH } from "@wms/domain";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { useSession } from "../../features/auth/api/session.ts";
import { WarehouseLayoutView } from "../../features/warehouse-grid/components/warehouse-layout-view.tsx";
import { useWarehouses } from "../../features/warehouses/api/warehouses.ts";
import { WarehouseManagement } from "../../features/warehouses/components/warehouse-management.tsx";
import { WarehouseSelect } from "../../features/warehouses/components/warehouse-select.tsx";
import { shownWarehouseId } from "../../features/warehouses/lib/shown-warehouse.ts";
import { AppPageHeader } from "../app-page-header.tsx";

const ADMIN_WAREHOUSES_PATH = `${ROLE_BASE_PATH.admin}/warehouses`;

/** The admin layout view of one warehouse. */
export function warehouseLayoutPath(warehouse: Pick<WarehouseSummary, "id">): string {
  return `${ADMIN_WAREHOUSES_PATH}/${warehouse.id}`;
}

export function AdminWarehousesPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <AppPageHeader title={t("warehouses.adminTitle")} />
      <WarehouseManagement adminEmail={session.data?.user?.email} layoutHref={warehouseLayoutPath} />
    </>
  );
}

/** /wmscontrolpaneladmin/warehouses/:warehouseId: View Layout, with search, exports and shelf deletion. */
export function AdminWarehouseLayoutPage() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const session = useSession();
  const { warehouseId } = useParams();
  const id = Number(warehouseId);
  if (!Number.isInteger(id) || id <= 0) {
    return <Navigate to={ADMIN_WAREHOUSES_PATH} replace />;
  }
  return (
    <>
      <AppPageHeader
        title={t("grid.layoutTitle")}
        actions={
          <Button
            component={Link}
            to={ADMIN_WAREHOUSES_PATH}
            variant="default"
            leftSection={
              dir === "rtl" ? (
                <IconArrowRight size={16} aria-hidden />
              ) : (
                <IconArrowLeft size={16} aria-hidden />
              )
            }
          >
            {t("grid.backToWarehouses")}
          </Button>
        }
      />
      <WarehouseLayoutView
        key={id}
        warehouseId={id}
        canDelete
        canExport
        adminEmail={session.data?.user?.email}
      />
    </>
  );
}

/** /staff/warehouse: a warehouse selector above its layout, view-only, CSV export allowed (PD 2). */
export function StaffWarehousePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get("warehouse"));
  const warehouses = useWarehouses();
  const warehouseId = shownWarehouseId(
    warehouses.data?.warehouses,
    Number.isInteger(requested) && requested > 0 ? requested : null,
  );
  const choose = useCallback(
    (warehouse: WarehouseSummary) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set("warehouse", String(warehouse.id));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return (
    <>
      <AppPageHeader title={t("warehouses.staffTitle")} />
      <Stack>
        <WarehouseSelect
          label={t("grid.selectWarehouse")}
          value={warehouseId}
          onChange={choose}
          emptyText={t("warehouses.emptyStaff")}
        />
        {warehouseId !== null ? (
          <WarehouseLayoutView key={warehouseId} warehouseId={warehouseId} canDelete={false} canExport />
        ) : null}
      </Stack>
    </>
  );
}
