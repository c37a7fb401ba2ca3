import { Group, Modal, NumberInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  DEFAULT_SECTIONS_PER_SHELF,
  DEFAULT_SHELVES,
  MAX_SECTIONS_PER_SHELF,
  MAX_SHELVES,
  WarehouseLayoutSchema,
} from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { validateWith } from "../../../lib/form-validation.ts";

/** What the form holds: number inputs give a number, or a string while empty or half typed. */
export interface WarehouseFormValues {
  name: string;
  location: string;
  maxShelves: number | string;
  sectionsPerShelf: number | string;
}

export const NEW_WAREHOUSE_VALUES: WarehouseFormValues = {
  name: "",
  location: "",
  maxShelves: DEFAULT_SHELVES,
  sectionsPerShelf: DEFAULT_SECTIONS_PER_SHELF,
};

interface WarehouseFormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initialValues: WarehouseFormValues;
  /** Sends the form; rejects with the server's error, whose field messages land beside the fields. */
  onSubmit: (values: WarehouseFormValues) => Promise<unknown>;
  pending: boolean;
  error: unknown;
}

/** Add Warehouse and the edit step of Edit share it. */
export function WarehouseFormModal({ opened, onClose, title, ...formProps }: WarehouseFormModalProps) {
  const close = () => {
    if (!formProps.pending) {
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      {/* The modal unmounts its content when closed, so every opening starts from initialValues. */}
      <WarehouseForm {...formProps} onCancel={close} />
    </Modal>
  );
}

interface WarehouseFormProps extends Omit<WarehouseFormModalProps, "opened" | "onClose" | "title"> {
  onCancel: () => void;
}

function WarehouseForm({
  submitLabel,
  initialValues,
  onSubmit,
  pending,
  error,
  onCancel,
}: WarehouseFormProps) {
  const { t } = useTranslation();
  const form = useForm<WarehouseFormValues>({
    mode: "controlled",
    initialValues,
    validate: validateWith<WarehouseFormValues>(WarehouseLayoutSchema, (values) => values),
  });

  const submit = form.onSubmit((values) => {
    onSubmit(values).catch((failure: unknown) => form.setErrors(fieldErrorsOf(failure)));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t("warehouses.name")}
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps("name")}
        />
        <TextInput
          label={t("warehouses.location")}
          autoComplete="off"
          required
          {...form.getInputProps("location")}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t("warehouses.shelves")}
            description={t("warehouses.range", { min: 1, max: MAX_SHELVES })}
            min={1}
            max={MAX_SHELVES}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("maxShelves")}
          />
          <NumberInput
            label={t("warehouses.sectionsPerShelf")}
            description={t("warehouses.range", { min: 1, max: MAX_SECTIONS_PER_SHELF })}
            min={1}
            max={MAX_SECTIONS_PER_SHELF}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("sectionsPerShelf")}
          />
        </Group>
        <ErrorAlert error={error} />
        <FormActions onCancel={onCancel} pending={pending} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}
