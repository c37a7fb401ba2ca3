import { Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconKey, IconTrash, IconUserPlus } from "@tabler/icons-react";
import type { Account } from "@wms/domain";
import { STAFF_LIMIT } from "@wms/domain";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { CardsSkeleton } from "../../../components/loading-skeleton.tsx";
import { useCreateStaff } from "../api/create-staff.ts";
import { useDeleteStaff } from "../api/delete-staff.ts";
import { useStaffList } from "../api/staff-list.ts";
import { AccountCard } from "./account-card.tsx";
import { AccountFormModal } from "./account-form-modal.tsx";
import { ResetPasswordModal } from "./reset-password-modal.tsx";

/** The staff list with its count, Add Staff, per-member password reset and delete. */
export function StaffSection() {
  const { t } = useTranslation();
  const staff = useStaffList();
  const createStaff = useCreateStaff();
  const deleteStaff = useDeleteStaff();
  const [addOpened, addModal] = useDisclosure(false);
  const [resetting, setResetting] = useState<Account | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);

  const displayName = (account: Account) => account.name || account.email;

  const closeDelete = () => {
    deleteStaff.reset();
    setDeleting(null);
  };

  const confirmDelete = () => {
    if (!deleting) {
      return;
    }
    const name = displayName(deleting);
    deleteStaff.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("staff.deleted", { name }) });
        closeDelete();
      },
    });
  };

  const addButton = (
    <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={addModal.open}>
      {t("staff.add")}
    </Button>
  );

  let body: ReactNode;
  if (staff.isPending) {
    body = <CardsSkeleton count={3} lines={3} />;
  } else if (staff.isError) {
    body = (
      <ErrorState
        error={staff.error}
        onRetry={() => staff.refetch()}
        retrying={staff.isFetching}
        texts={{ unexpected: t("staff.loadFailed") }}
      />
    );
  } else if (staff.data.staff.length === 0) {
    body = <EmptyState text={t("staff.empty")} />;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {staff.data.staff.map((member) => (
          <AccountCard
            key={member.id}
            account={member}
            actions={
              <>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconKey size={16} aria-hidden />}
                  aria-label={t("staff.resetLabel", { name: displayName(member) })}
                  onClick={() => setResetting(member)}
                >
                  {t("staff.resetPassword")}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  aria-label={t("staff.deleteLabel", { name: displayName(member) })}
                  onClick={() => setDeleting(member)}
                >
                  {t("staff.delete")}
                </Button>
              </>
            }
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack component="section" aria-labelledby="staff-heading">
      <Group justify="space-between" wrap="wrap">
        {/* The section's own heading, so the cards' names (h3) sit one level under it. */}
        <div>
          <Title order={2} id="staff-heading">
            {t("staff.sectionTitle")}
          </Title>
          <Text c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
            {staff.data
              ? t("staff.count", { count: staff.data.staff.length, limit: staff.data.limit })
              : t("staff.count", { count: 0, limit: STAFF_LIMIT })}
          </Text>
        </div>
        {addButton}
      </Group>
      {body}
      <AccountFormModal
        opened={addOpened}
        onClose={addModal.close}
        title={t("staff.addTitle")}
        submitLabel={t("staff.submitAdd")}
        successMessage={(account) => t("staff.added", { name: displayName(account) })}
        mutation={createStaff}
      />
      <ResetPasswordModal member={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t("staff.deleteTitle", { name: deleting ? displayName(deleting) : "" })}
        body={t("staff.deleteBody", { name: deleting ? displayName(deleting) : "" })}
        confirmLabel={t("staff.deleteConfirm")}
        onConfirm={confirmDelete}
        onClose={closeDelete}
        loading={deleteStaff.isPending}
        error={deleteStaff.error}
      />
    </Stack>
  );
}
