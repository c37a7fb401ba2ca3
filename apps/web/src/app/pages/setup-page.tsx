import { Alert, Anchor, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import type { SessionUser } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { sessionQueryKey } from "../../features/auth/api/session.ts";
import { setupTokenFromHash } from "../../features/setup/api/setup-token.ts";
import { SetupForm } from "../../features/setup/components/setup-form.tsx";
import { PublicLayout } from "../public-layout.tsx";
import { areaHomePath, loginPath } from "../route-access.ts";

export function SetupPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = setupTokenFromHash(hash);

  const onCreated = (user: SessionUser) => {
    queryClient.setQueryData(sessionQueryKey, { user });
    notifications.show({ color: "green", message: t("setup.created") });
    void navigate(areaHomePath("admin"), { replace: true });
  };

  return (
    <PublicLayout title={t("setup.title")}>
      {token ? (
        <>
          <Text c="dimmed">{t("setup.intro")}</Text>
          <SetupForm token={token} onCreated={onCreated} />
        </>
      ) : (
        <Alert color="yellow" variant="light" role="alert">
          {t("setup.noToken")}
        </Alert>
      )}
      <Anchor component={Link} to={loginPath("admin")} size="sm">
        {t("landing.adminLogin")}
      </Anchor>
    </PublicLayout>
  );
}
