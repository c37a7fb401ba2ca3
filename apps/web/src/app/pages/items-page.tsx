import type { ItemView } from "@wms/domain";
import { ROLE_BASE_PATH } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { useSession } from "../../features/auth/api/session.ts";
import { BulkUploadButton } from "../../features/bulk-upload/components/bulk-upload-button.tsx";
import { ItemManagement } from "../../features/items/components/item-management.tsx";
import { AddStorageLocationButton } from "../../features/movements/components/add-storage-location.tsx";
import { NewPurchaseButton } from "../../features/purchases/components/new-purchase-button.tsx";
import { LayoutChooserProvider } from "../../features/warehouse-grid/components/layout-chooser-provider.tsx";
import { AppPageHeader } from "../app-page-header.tsx";
import { ITEM_HISTORY_SCREEN_READY } from "../menu.ts";

/**
 * Both roles' Item Management; only admins get Add, Edit, Delete, Bulk Upload CSV, New Purchase and
 * Add Storage Location.
 */
export function ItemsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.data?.user ?? null;
  const role = user?.role ?? "staff";
  const base = ROLE_BASE_PATH[role];
  const isAdmin = role === "admin";
  // The purchase and storage-location pickers offer the warehouse layout ('Choose on layout').
  return (
    <LayoutChooserProvider>
      <AppPageHeader title={t("items.title")} />
      <ItemManagement
        canManage={isAdmin}
        historyHref={ITEM_HISTORY_SCREEN_READY ? (item) => `${base}/items/${item.id}/history` : undefined}
        toolbarActions={
          isAdmin ? (
            <>
              <BulkUploadButton />
              <NewPurchaseButton />
            </>
          ) : undefined
        }
        itemActions={
          isAdmin
            ? (item: ItemView) => <AddStorageLocationButton item={item} currentUserId={user?.id ?? null} />
            : undefined
        }
      />
    </LayoutChooserProvider>
  );
}
