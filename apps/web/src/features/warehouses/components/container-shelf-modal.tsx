import { Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { AddContainerShelfRequest, WarehouseSummary } from "@wms/domain";
import { AddContainerShelfRequestSchema, containerShelfNameProblem, MESSAGES } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { localized } from "../../../i18n/server-messages.ts";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { closeUnlessPending } from "../../../lib/close-unless-pending.ts";
import { validateWith } from "../../../lib/form-validation.ts";
import { useAddContainerShelf } from "../api/add-container-shelf.ts";

interface ContainerShelfModalProps {
  /** The warehouse receiving the shelf; null when closed. */
  warehouse: WarehouseSummary | null;
  onClose: () => void;
}

/** Add Container Shelf: one name, saved in capital letters, unique and never read as a grid shelf or position. */
export function ContainerShelfModal({ warehouse, onClose }: ContainerShelfModalProps) {
  const { t } = useTranslation();
  const addShelf = useAddContainerShelf();
  const close = closeUnlessPending(addShelf, onClose);
  return (
    <Modal
      opened={warehouse !== null}
      onClose={close}
      title={t("warehouses.containerShelfTitle", { name: warehouse?.name ?? "" })}
      centered
    >
      {warehouse ? <ContainerShelfForm warehouse={warehouse} onDone={close} mutation={addShelf} /> : null}
    </Modal>
  );
}

interface ContainerShelfFormProps {
  warehouse: WarehouseSummary;
  onDone: () => void;
  mutation: ReturnType<typeof useAddContainerShelf>;
}

function ContainerShelfForm({ warehouse, onDone, mutation }: ContainerShelfFormProps) {
  const { t } = useTranslation();
  const taken = (name: string) => {
    const upper = name.trim().toUpperCase();
    if (warehouse.containerShelves.includes(upper)) {
      return { name: localized(MESSAGES.containerShelfTaken) };
    }
    const problem = containerShelfNameProblem(upper, warehouse.maxShelves);
    if (problem) {
      return { name: localized(problem) };
    }
    return {};
  };
  const form = useForm<AddContainerShelfRequest>({
    mode: "controlled",
    initialValues: { name: "" },
    validate: validateWith<AddContainerShelfRequest>(
      AddContainerShelfRequestSchema,
      (values) => values,
      (values) => taken(values.name),
    ),
  });
  const preview = form.values.name.trim().toUpperCase();

  const submit = form.onSubmit(({ name }) => {
    mutation.mutate(
      { warehouseId: warehouse.id, name },
      {
        onSuccess: (updated) => {
          const added = updated.containerShelves.find((shelf) => !warehouse.containerShelves.includes(shelf));
          notifications.show({
            color: "green",
            message: t("warehouses.containerShelfAdded", { shelf: added ?? preview, name: updated.name }),
          });
          onDone();
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("warehouses.containerShelfName")}
          description={
            preview === ""
              ? t("warehouses.containerShelfUppercase")
              : t("warehouses.containerShelfPreview", { name: preview })
          }
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps("name")}
        />
        <ErrorAlert error={mutation.error} />
        <FormActions
          onCancel={onDone}
          pending={mutation.isPending}
          submitLabel={t("warehouses.submitContainerShelf")}
        />
      </Stack>
    </form>
  );
}
