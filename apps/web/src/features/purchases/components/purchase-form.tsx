import { Alert, Button, Divider, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { CreatePurchaseRequestSchema, MESSAGES, todayIn } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { localized } from "../../../i18n/server-messages.ts";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { useBusinessTimeZone } from "../../../lib/app-info.ts";
import { validateWith } from "../../../lib/form-validation.ts";
import { useIdempotencyKey } from "../../../lib/idempotency.ts";
import { useErrorMessage } from "../../../lib/use-error-message.ts";
import type { useCreatePurchase } from "../api/create-purchase.ts";
import type { PurchaseFormValues } from "../lib/purchase-draft.ts";
import { toPurchaseRequest } from "../lib/purchase-draft.ts";
import { AddLineForm } from "./add-line-form.tsx";
import { PurchaseLineCard } from "./purchase-line-card.tsx";

interface PurchaseFormProps {
  mutation: ReturnType<typeof useCreatePurchase>;
  onDone: () => void;
}

/** The purchase itself: its header fields, the items added so far, and Complete Purchase. */
export function PurchaseForm({ mutation, onDone }: PurchaseFormProps) {
  const { t } = useTranslation();
  const describe = useErrorMessage();
  const timeZone = useBusinessTimeZone();
  const today = todayIn(timeZone);
  const idempotency = useIdempotencyKey();
  const form = useForm<PurchaseFormValues>({
    mode: "controlled",
    initialValues: { invoiceNumber: "", date: today, supplierName: "", notes: "", lines: [] },
    validate: validateWith<PurchaseFormValues>(CreatePurchaseRequestSchema, toPurchaseRequest, (values) =>
      values.date > todayIn(timeZone) ? { date: localized(MESSAGES.purchaseDateInFuture) } : {},
    ),
  });
  const pending = mutation.isPending;
  const lines = form.values.lines;

  const submit = form.onSubmit((values) => {
    const request = toPurchaseRequest(values);
    mutation.mutate(
      { request, idempotencyKey: idempotency.keyFor(request) },
      {
        onSuccess: (purchase) => {
          idempotency.renew();
          notifications.show({
            color: "green",
            message: t("purchases.completed", {
              invoice: purchase.invoiceNumber,
              count: purchase.movementIds.length,
            }),
          });
          onDone();
        },
        onError: (failure) => form.setErrors(fieldErrorsOf(failure)),
      },
    );
  });

  // The server's reason (e.g. a duplicate invoice), else the spec's generic failure; not twice when
  // it is already shown beside its field.
  const serverMessage = describe(mutation.error, { unexpected: localized(MESSAGES.purchaseFailed) });
  const failure =
    mutation.error && !Object.values(fieldErrorsOf(mutation.error)).includes(serverMessage)
      ? serverMessage
      : null;
  const lineErrors = Object.entries(form.errors)
    .filter(([field]) => field === "lines" || field.startsWith("lines."))
    .map(([, message]) => message);

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("purchases.invoiceNumber")}
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps("invoiceNumber")}
          />
          <TextInput
            type="date"
            label={t("purchases.date")}
            required
            max={today}
            {...form.getInputProps("date")}
          />
          <TextInput
            label={t("purchases.supplierName")}
            required
            autoComplete="off"
            {...form.getInputProps("supplierName")}
          />
          <Textarea
            label={t("purchases.notes")}
            autosize
            minRows={1}
            maxRows={4}
            {...form.getInputProps("notes")}
          />
        </SimpleGrid>
        <Divider />
        <AddLineForm
          excludedItemIds={lines.map((line) => line.item.id)}
          onAdd={(line) => {
            form.insertListItem("lines", line);
            form.clearFieldError("lines");
          }}
        />
        <Divider />
        <Stack
          gap="xs"
          component="section"
          aria-label={t("purchases.itemsInPurchase", { count: lines.length })}
        >
          <Text fw={600}>{t("purchases.itemsInPurchase", { count: lines.length })}</Text>
          {lines.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("purchases.noItems")}
            </Text>
          ) : (
            lines.map((line, index) => (
              <PurchaseLineCard
                key={line.item.id}
                line={line}
                onRemove={() => form.removeListItem("lines", index)}
                disabled={pending}
              />
            ))
          )}
        </Stack>
        {lineErrors.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {lineErrors[0]}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={pending || lines.length === 0}>
            {pending ? t("purchases.processing") : t("purchases.complete")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
