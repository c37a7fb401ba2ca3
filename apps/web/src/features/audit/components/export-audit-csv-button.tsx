import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../lib/use-error-message.ts";
import { useExportAuditCsv } from "../api/audit.ts";
import { useAuditFilters } from "./use-audit-filters.ts";

/** Export CSV: the server's CSV of every entry matching the filters shown. */
export function ExportAuditCsvButton() {
  const { t } = useTranslation();
  const describe = useErrorMessage();
  const { filters } = useAuditFilters();
  const exportCsv = useExportAuditCsv();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(filters, {
          onError: (error) =>
            notifications.show({ color: "red", title: t("audit.exportFailed"), message: describe(error) }),
        })
      }
    >
      {t("audit.exportCsv")}
    </Button>
  );
}
