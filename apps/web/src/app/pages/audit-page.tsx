import { useTranslation } from "react-i18next";
import { AuditScreen } from "../../features/audit/components/audit-screen.tsx";
import { ExportAuditCsvButton } from "../../features/audit/components/export-audit-csv-button.tsx";
import { AppPageHeader } from "../app-page-header.tsx";

/** Audit Log (admin only, product-decisions 20): every recorded write, filterable and exportable. */
export function AuditPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppPageHeader title={t("audit.title")} actions={<ExportAuditCsvButton />} />
      <AuditScreen />
    </>
  );
}
