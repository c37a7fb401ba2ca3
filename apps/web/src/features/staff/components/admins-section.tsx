import { Button, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconShieldPlus } from "@tabler/icons-react";
import type { Account } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { CardsSkeleton } from "../../../components/loading-skeleton.tsx";
import { useAdminsList } from "../api/admins-list.ts";
import { useCreateAdmin } from "../api/create-admin.ts";
import { AccountCard } from "./account-card.tsx";
import { AccountFormModal } from "./account-form-modal.tsx";

/** Administrators (product-decisions 5): a list and Add Administrator. */
export function AdminsSection() {
  const { t } = useTranslation();
  const admins = useAdminsList();
  const createAdmin = useCreateAdmin();
  const [opened, modal] = useDisclosure(false);
  const displayName = (account: Account) => account.name || account.email;

  let body: ReactNode;
  if (admins.isPending) {
    body = <CardsSkeleton count={2} lines={2} />;
  } else if (admins.isError) {
    body = <ErrorState error={admins.error} onRetry={() => admins.refetch()} retrying={admins.isFetching} />;
  } else if (admins.data.admins.length === 0) {
    body = <EmptyState text={t("admins.empty")} />;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {admins.data.admins.map((admin) => (
          <AccountCard key={admin.id} account={admin} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack component="section" aria-labelledby="admins-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="admins-heading">
          {t("admins.title")}
        </Title>
        <Button variant="light" leftSection={<IconShieldPlus size={18} aria-hidden />} onClick={modal.open}>
          {t("admins.add")}
        </Button>
      </Group>
      {body}
      <AccountFormModal
        opened={opened}
        onClose={modal.close}
        title={t("admins.addTitle")}
        submitLabel={t("admins.submitAdd")}
        successMessage={(account) => t("admins.added", { name: displayName(account) })}
        mutation={createAdmin}
      />
    </Stack>
  );
}
