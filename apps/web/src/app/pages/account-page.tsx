import { Alert, Stack, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { SessionUser } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../../features/auth/api/session.ts";
import { ChangePasswordForm } from "../../features/auth/components/change-password-form.tsx";
import { AppPageHeader } from "../app-page-header.tsx";
import { areaHomePath } from "../route-access.ts";

export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession().data?.user;
  const forced = user?.mustChangePassword ?? false;

  const onChanged = (updated: SessionUser) => {
    // After a forced change the user continues to the screens they could not reach before.
    if (forced) {
      void navigate(areaHomePath(updated.role), { replace: true });
    }
  };

  return (
    <Stack>
      <AppPageHeader title={t("account.title")} />
      {forced ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} maw={420}>
          {t("account.mustChange")}
        </Alert>
      ) : null}
      <Title order={2} size="h3">
        {t("account.changePassword")}
      </Title>
      <ChangePasswordForm onChanged={onChanged} />
    </Stack>
  );
}
