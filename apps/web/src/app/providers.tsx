import "./mantine-styles.ts";
import { DirectionProvider, MantineProvider } from "@mantine/core";
import { notificationsStore } from "@mantine/notifications";
import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { LanguageSync } from "../i18n/language-sync.tsx";
import { cookieColorSchemeManager } from "./color-scheme-manager.ts";
import { useAppTheme } from "./theme.ts";

interface ProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}

const colorSchemeManager = cookieColorSchemeManager();

// Fetched with the first toast: `notifications.show` only writes to the store, which the host reads
// once it has arrived, so no page downloads or runs it before it has something to show.
const NotificationsHost = lazy(() => import("./notifications-host.tsx"));

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
};

/** Whether a toast has been shown yet (and stays true from then on). */
function useToastShown(): boolean {
  const [shown, setShown] = useState(hasToasts);
  useEffect(() => {
    if (shown) {
      return;
    }
    if (hasToasts()) {
      setShown(true);
      return;
    }
    return notificationsStore.subscribe(() => {
      if (hasToasts()) {
        setShown(true);
      }
    });
  }, [shown]);
  return shown;
}

export function Providers({ i18n, queryClient, children }: ProvidersProps) {
  const theme = useAppTheme(i18n);
  const toastShown = useToastShown();
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={i18n.dir(i18n.language)} detectDirection>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
          // The theme's CSS variables are in the stylesheet (theme-variables.css), not worked out and
          // written into the page on every load (docs/decisions/024-theme-variables-in-the-stylesheet.md).
          withCssVariables={false}
        >
          {toastShown && (
            <Suspense fallback={null}>
              <NotificationsHost />
            </Suspense>
          )}
          <QueryClientProvider client={queryClient}>
            <LanguageSync />
            {children}
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
