import { useTranslation } from "react-i18next";
import { ExportCsvButton } from "../../features/reports/components/export-csv-button.tsx";
import { ReportPrintFrame } from "../../features/reports/components/report-print-frame.tsx";
import { ReportsScreen } from "../../features/reports/components/reports-screen.tsx";
import { AppPageHeader } from "../app-page-header.tsx";

/** Inventory Reports (admin only): the six reports of product-decisions 18, each exportable to CSV. */
export function ReportsPage() {
  const { t } = useTranslation();
  return (
    <ReportPrintFrame>
      <AppPageHeader title={t("reports.title")} actions={<ExportCsvButton />} />
      <ReportsScreen />
    </ReportPrintFrame>
  );
}
