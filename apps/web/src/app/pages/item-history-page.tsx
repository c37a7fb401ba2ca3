import { ROLE_BASE_PATH } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { useSession } from "../../features/auth/api/session.ts";
import { ItemHistory } from "../../features/item-history/components/item-history.tsx";
import { AppPageHeader } from "../app-page-header.tsx";

/** {base}/items/:id/history for both roles. */
export function ItemHistoryPage() {
  const { t } = useTranslation();
  const session = useSession();
  const role = session.data?.user?.role ?? "staff";
  const itemsHref = `${ROLE_BASE_PATH[role]}/items`;
  const { itemId } = useParams();
  const id = Number(itemId);
  if (!Number.isInteger(id) || id <= 0) {
    return <Navigate to={itemsHref} replace />;
  }
  return (
    <>
      <AppPageHeader title={t("itemHistory.title")} />
      <ItemHistory key={id} itemId={id} itemsHref={itemsHref} />
    </>
  );
}
