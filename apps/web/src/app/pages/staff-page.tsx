import { Divider, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AdminsSection } from "../../features/staff/components/admins-section.tsx";
import { StaffSection } from "../../features/staff/components/staff-section.tsx";
import { AppPageHeader } from "../app-page-header.tsx";

export function StaffPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <div>
        <AppPageHeader title={t("staff.title")} />
        <StaffSection />
      </div>
      <Divider />
      <AdminsSection />
    </Stack>
  );
}
