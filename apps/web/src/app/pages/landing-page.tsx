import { Alert, Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconInfoCircle, IconShieldLock, IconUser } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAppInfo, useProductTitle } from "../../lib/app-info.ts";
import { PublicLayout } from "../public-layout.tsx";
import { loginPath } from "../route-access.ts";

export function LandingPage() {
  const { t } = useTranslation();
  const appInfo = useAppInfo();
  const title = useProductTitle();
  return (
    <PublicLayout title={t("landing.welcome", { title })} size="sm">
      <Text>{t("landing.intro")}</Text>
      {/* app-info has settled before any screen is drawn (RouteGate). */}
      {appInfo.data?.companyName ? (
        <Text c="dimmed">{t("landing.company", { company: appInfo.data.companyName })}</Text>
      ) : null}
      {appInfo.data?.setupRequired ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t("landing.setupRequiredTitle")}
        >
          {t("landing.setupRequired")}
        </Alert>
      ) : null}
      <Stack gap="sm">
        {/* One above the other on a phone, where two side by side would cut their labels. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button
            component={Link}
            to={loginPath("admin")}
            leftSection={<IconShieldLock size={18} aria-hidden />}
          >
            {t("landing.adminLogin")}
          </Button>
          <Button
            component={Link}
            to={loginPath("staff")}
            variant="light"
            leftSection={<IconUser size={18} aria-hidden />}
          >
            {t("landing.staffLogin")}
          </Button>
        </SimpleGrid>
      </Stack>
    </PublicLayout>
  );
}
