import { ActionIcon, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { Language, SessionResponse } from "@wms/domain";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { sessionQueryKey } from "../features/auth/api/session.ts";
import { useUpdatePreferences } from "../features/auth/api/update-preferences.ts";
import { setLanguage } from "../i18n/index.ts";

/** Each language named in itself, so a reader finds theirs whatever the screen shows now. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ar: "العربية" };
const LANGUAGE_ORDER: Language[] = ["en", "ar"];

interface LanguageMenuDropdownProps {
  /** Opened (and focused) at once: the reader pressed the button standing in for this one. */
  openAtOnce: boolean;
}

/**
 * The language switcher itself (see language-menu.tsx). Before sign-in the choice is remembered on
 * this device; a signed-in user's choice is also saved with the account, for every device.
 */
export default function LanguageMenuDropdown({ openAtOnce }: LanguageMenuDropdownProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const save = useUpdatePreferences();
  const current: Language = i18n.language === "ar" ? "ar" : "en";
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openAtOnce) {
      target.current?.focus();
    }
  }, [openAtOnce]);

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
    <Menu position="bottom-end" withinPortal defaultOpened={openAtOnce}>
      <Menu.Target>
        <ActionIcon
          ref={target}
          variant="default"
          size="lg"
          aria-label={t("frame.language")}
          data-testid="language-menu"
        >
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
