import { ActionIcon } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

// The menu (its popover positioning, focus trap and the preferences call) is a chunk of its own, so
// no page downloads or runs it unless it is used: fetched as the reader heads for the button (the
// pointer over it, or the focus on it), shown when the button is pressed.
const loadDropdown = () => import("./language-menu-dropdown.tsx");
const LanguageMenuDropdown = lazy(loadDropdown);
const prefetch = () => {
  void loadDropdown().catch(() => undefined); // fetched again, and its failure shown, when pressed
};

/** The language switcher of the header and the public pages. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
  // Until it is first pressed, this button stands in for the menu's (the same look and name); the
  // press opens the menu, focused, as soon as its chunk is there.
  const placeholder = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t("frame.language")}
      aria-haspopup="menu"
      data-testid="language-menu"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setPressed(true)}
    >
      <IconLanguage size={18} aria-hidden />
    </ActionIcon>
  );
  if (!pressed) {
    return placeholder;
  }
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenuDropdown openAtOnce />
    </Suspense>
  );
}
