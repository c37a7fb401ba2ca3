import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import type { Account } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../../lib/format-date.ts";

interface AccountCardProps {
  account: Account;
  actions?: ReactNode;
}

/** One person: name, email, whether a password change is owed, when created, when last signed in. */
export function AccountCard({ account, actions }: AccountCardProps) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  return (
    <Card withBorder radius="md" padding="lg" component="article">
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} component="h3" m={0} size="md">
            {account.name || account.email}
          </Text>
          {account.mustChangePassword ? (
            <Badge color="yellow" variant="light">
              {t("staff.mustChangePassword")}
            </Badge>
          ) : null}
        </Group>
        {/* A long address is cut at its end, the whole of it in the tooltip: never broken mid-word. */}
        <Text size="sm" c="dimmed" truncate="end" title={account.email} dir="auto">
          {account.email}
        </Text>
        <Text size="xs" c="dimmed">
          {t("staff.created", { date: formatDate.date(account.createdAt) })}
        </Text>
        <Text size="xs" c="dimmed">
          {account.lastSignInAt
            ? t("staff.lastSignIn", { date: formatDate.dateTime(account.lastSignInAt) })
            : t("staff.neverSignedIn")}
        </Text>
        {actions ? (
          <Group gap="xs" mt="auto" pt="sm">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
