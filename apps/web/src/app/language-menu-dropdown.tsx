import { ActionIcon, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { Language, SessionResponse } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { sessionQueryKey } from "../features/auth/api/session.ts";
import { useUpdatePreferences } from "../features/auth/api/update-preferences.ts";
import { setLanguage } from "../i18n/index.ts";

/** Each language named in itself, so a reader finds theirs whatever the screen shows now. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ar: "العربية" };
const LANGUAGE_ORDER: Language[] = ["en", "ar"];

/**
 * The language switcher of the header and the public pages. Before sign-in the choice is remembered on
 * this device; a signed-in user's choice is also saved with the account, for every device.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const save = useUpdatePreferences();
  const current: Language = i18n.language === "ar" ? "ar" : "en";

  const choose = (language: Language) => {
    if (language === current) {
      return;
    }
    void setLanguage(language);
    if (queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.user) {
      save.mutate(
        { language },
        {
          onError: () => {
            notifications.show({ color: "red", message: t("frame.languageNotSaved") });
          },
        },
      );
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t("frame.language")} data-testid="language-menu">
          <IconLanguage size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGE_ORDER.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            dir={language === "ar" ? "rtl" : "ltr"}
            aria-current={language === current ? "true" : undefined}
            rightSection={language === current ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => choose(language)}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
