import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { FailureTexts } from "./error-message.ts";
import { describeError } from "./error-message.ts";

/** `describeError` bound to the current language. */
export function useErrorMessage(): (error: unknown, texts?: FailureTexts) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (error: unknown, texts?: FailureTexts) =>
      describeError(error, (key, options) => t(key, options), language, texts),
    [t, language],
  );
}
