import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../lib/use-error-message.ts";
import { useExportReportCsv, useReport } from "../api/reports.ts";
import classes from "./reports.module.css";
import { useReportSelection } from "./use-report-selection.ts";

/** Export CSV: the server's CSV of the generated report; disabled until a report has been generated. */
export function ExportCsvButton() {
  const { t } = useTranslation();
  const describe = useErrorMessage();
  const { generated } = useReportSelection();
  const report = useReport(generated);
  const exportCsv = useExportReportCsv();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      disabled={generated === null || !report.isSuccess}
      loading={exportCsv.isPending}
      className={classes.noPrint}
      onClick={() => {
        if (generated) {
          exportCsv.mutate(generated, {
            onError: (error) =>
              notifications.show({
                color: "red",
                title: t("reports.exportFailed"),
                message: describe(error),
              }),
          });
        }
      }}
    >
      {t("reports.exportCsv")}
    </Button>
  );
}
