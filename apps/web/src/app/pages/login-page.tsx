import { Anchor } from "@mantine/core";
import type { Role, SessionUser } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { LoginForm } from "../../features/auth/components/login-form.tsx";
import { PublicLayout } from "../public-layout.tsx";
import { homePath } from "../route-access.ts";

function LoginPage({ portal }: { portal: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onSignedIn = (user: SessionUser) => {
    void navigate(homePath(user), { replace: true });
  };
  return (
    <PublicLayout title={portal === "admin" ? t("login.adminTitle") : t("login.staffTitle")}>
      <LoginForm portal={portal} onSignedIn={onSignedIn} />
      <Anchor component={Link} to="/" size="sm">
        {t("login.backHome")}
      </Anchor>
    </PublicLayout>
  );
}

export function AdminLoginPage() {
  return <LoginPage portal="admin" />;
}

export function StaffLoginPage() {
  return <LoginPage portal="staff" />;
}
