import { Button, Group, Text } from "@mantine/core";
import { IconLogin } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PublicLayout } from "../public-layout.tsx";
import { returnToLoginPath } from "../route-access.ts";

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <PublicLayout title={t("unauthorized.title")}>
      <Text>{t("unauthorized.text")}</Text>
      <Group>
        <Button
          component={Link}
          to={returnToLoginPath(location.state)}
          leftSection={<IconLogin size={18} aria-hidden className="mantine-rotate-rtl" />}
        >
          {t("unauthorized.returnToLogin")}
        </Button>
      </Group>
    </PublicLayout>
  );
}
