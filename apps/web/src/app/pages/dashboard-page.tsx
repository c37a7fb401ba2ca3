import { useTranslation } from "react-i18next";
import { useSession } from "../../features/auth/api/session.ts";
import { Dashboard } from "../../features/dashboard/components/dashboard.tsx";
import { AppPageHeader } from "../app-page-header.tsx";

/** Both roles' dashboard; the figures shown depend on the role. */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const role = session.data?.user?.role ?? "staff";
  return (
    <>
      <AppPageHeader title={t("dashboard.title")} />
      <Dashboard role={role} />
    </>
  );
}
