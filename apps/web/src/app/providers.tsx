import "./mantine-styles.ts";
import { DirectionProvider, MantineProvider } from "@mantine/core";
import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { lazy, type ReactNode, Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { LanguageSync } from "../i18n/language-sync.tsx";
import { useIdle } from "../lib/when-idle.ts";
import { colorSchemeManager, cssVariablesResolver, useAppTheme } from "./theme.ts";

interface ProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}

// Fetched once the page is idle, off the critical path of every page; a toast shown before that
// waits in the notifications store and appears when the host arrives.
const NotificationsHost = lazy(() => import("./notifications-host.tsx"));

export function Providers({ i18n, queryClient, children }: ProvidersProps) {
  const theme = useAppTheme(i18n);
  const idle = useIdle();
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={i18n.dir(i18n.language)} detectDirection>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
        >
          {idle && (
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
