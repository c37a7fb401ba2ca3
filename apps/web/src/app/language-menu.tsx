import { ActionIcon } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useIdle } from "../lib/when-idle.ts";

// The menu (its popover positioning, focus trap and the preferences call) is a chunk of its own,
// fetched once the page is idle or when the button is first used, off every page's critical path.
const LanguageMenuDropdown = lazy(() => import("./language-menu-dropdown.tsx"));

/** The language switcher of the header and the public pages. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const idle = useIdle();
  const [openAtOnce, setOpenAtOnce] = useState(false);
  // Until the menu has arrived the same button stands in; a click on it opens the menu on arrival.
  const placeholder = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t("frame.language")}
      aria-haspopup="menu"
      data-testid="language-menu"
      onClick={() => setOpenAtOnce(true)}
    >
      <IconLanguage size={18} aria-hidden />
    </ActionIcon>
  );
  if (!idle && !openAtOnce) {
    return placeholder;
  }
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenuDropdown openAtOnce={openAtOnce} />
    </Suspense>
  );
}
