import { useTranslation } from "react-i18next";
import { useSession } from "../../features/auth/api/session.ts";
import { MovementsScreen } from "../../features/movements/components/movements-screen.tsx";
import { NewPurchaseButton } from "../../features/purchases/components/new-purchase-button.tsx";
import { LayoutChooserProvider } from "../../features/warehouse-grid/components/layout-chooser-provider.tsx";
import { AppPageHeader } from "../app-page-header.tsx";

/**
 * Stock Movements for both roles; only admins get New Purchase (product-decisions 2). The forms'
 * location pickers offer the warehouse layout in select mode ('Choose on layout').
 */
export function MovementsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.data?.user ?? null;
  return (
    <LayoutChooserProvider>
      <AppPageHeader title={t("movements.title")} />
      <MovementsScreen
        currentUserId={user?.id ?? null}
        actions={user?.role === "admin" ? <NewPurchaseButton /> : null}
      />
    </LayoutChooserProvider>
  );
}
