import { Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ItemInput, ItemType, ItemUnit, ItemView } from "@wms/domain";
import { ITEM_TYPES, ITEM_UNITS, ItemInputSchema, itemTypeLabel, WHOLE_NUMBER_UNITS } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/error-alert.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { fieldErrorsOf } from "../../../lib/api-client.ts";
import { validateWith } from "../../../lib/form-validation.ts";

/** What the form holds: number inputs give a number, or a string while empty or half typed. */
export interface ItemFormValues {
  itemNo: string;
  name: string;
  description: string;
  type: ItemType;
  unit: ItemUnit;
  unitPrice: number | string;
  minQuantity: number | string;
}

/** The spec's defaults: RAW MATERIAL, pieces, price 0, minimum 0. */
export const NEW_ITEM_VALUES: ItemFormValues = {
  itemNo: "",
  name: "",
  description: "",
  type: "RAW_MATERIAL",
  unit: "pieces",
  unitPrice: 0,
  minQuantity: 0,
};

export function itemFormValuesOf(item: ItemView): ItemFormValues {
  return {
    itemNo: item.itemNo,
    name: item.name,
    description: item.description,
    type: item.type,
    unit: item.unit,
    unitPrice: item.unitPrice,
    minQuantity: item.minQuantity,
  };
}

/** The request body: an emptied number field goes as "" so the schema says it is required. */
export function toItemInput(values: ItemFormValues): ItemInput {
  return { ...values, unitPrice: String(values.unitPrice), minQuantity: String(values.minQuantity) };
}

interface ItemFormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initialValues: ItemFormValues;
  /** Sends the form; rejects with the server's error, whose field messages land beside the fields. */
  onSubmit: (input: ItemInput) => Promise<unknown>;
  pending: boolean;
  error: unknown;
}

/** Add Item and edit share it. */
export function ItemFormModal({ opened, onClose, title, ...formProps }: ItemFormModalProps) {
  const close = () => {
    if (!formProps.pending) {
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered size="lg">
      {/* The modal unmounts its content when closed, so every opening starts from initialValues. */}
      <ItemForm {...formProps} onCancel={close} />
    </Modal>
  );
}

interface ItemFormProps extends Omit<ItemFormModalProps, "opened" | "onClose" | "title"> {
  onCancel: () => void;
}

function ItemForm({ submitLabel, initialValues, onSubmit, pending, error, onCancel }: ItemFormProps) {
  const { t } = useTranslation();
  const form = useForm<ItemFormValues>({
    mode: "controlled",
    initialValues,
    validate: validateWith<ItemFormValues>(ItemInputSchema, toItemInput),
  });
  const typeOptions = ITEM_TYPES.map((type) => ({ value: type, label: itemTypeLabel(type) }));
  const unitOptions = ITEM_UNITS.map((unit) => ({ value: unit, label: t(`items.units.${unit}`) }));

  const submit = form.onSubmit((values) => {
    onSubmit(toItemInput(values)).catch((failure: unknown) => form.setErrors(fieldErrorsOf(failure)));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("items.itemNo")}
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps("itemNo")}
          />
          <TextInput label={t("items.name")} autoComplete="off" required {...form.getInputProps("name")} />
        </SimpleGrid>
        <Textarea
          label={t("items.description")}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps("description")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("items.type")}
            data={typeOptions}
            allowDeselect={false}
            required
            {...form.getInputProps("type")}
          />
          <Select
            label={t("items.unit")}
            data={unitOptions}
            allowDeselect={false}
            required
            {...form.getInputProps("unit")}
          />
          <NumberInput
            label={t("items.unitPrice")}
            min={0}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps("unitPrice")}
          />
          <NumberInput
            label={t("items.minQuantity")}
            min={0}
            decimalScale={WHOLE_NUMBER_UNITS.has(form.values.unit) ? 0 : 3}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps("minQuantity")}
          />
        </SimpleGrid>
        <ErrorAlert error={error} />
        <FormActions onCancel={onCancel} pending={pending} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}
