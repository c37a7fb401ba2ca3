import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "./error-message.ts";

/** `describeError` bound to the current language. */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (error: unknown) => describeError(error, (key, options) => t(key, options), language),
    [t, language],
  );
}
