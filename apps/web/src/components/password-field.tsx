import type { PasswordInputProps } from "@mantine/core";
import { PasswordInput } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** PasswordInput whose show/hide button is labelled in the reader's language. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ "aria-label": t("common.togglePasswordVisibility") }}
      {...props}
    />
  );
}
