import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { createRouter } from "./app/router.tsx";
import { sessionQueryOptions } from "./features/auth/api/session.ts";
import { i18next, startI18n } from "./i18n/index.ts";
import { appInfoQueryOptions } from "./lib/app-info.ts";

const root = document.getElementById("root");
if (!root) {
  throw new Error("The page has no #root element.");
}

/**
 * Ends the current task: what follows runs in a new one, after the browser has had its turn. A message
 * to itself rather than a timer: a page opened in a background tab gets its timers slowed to one a
 * second, and would wait that long for each step of starting.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

// The translations, the session and the opened screen's chunks are fetched side by side: the router
// starts loading the matched route's lazy modules as soon as it is created, before the first render.
const mount = root;
const queryClient = createQueryClient(i18next);
void queryClient.prefetchQuery(sessionQueryOptions());
// The product title and business time zone, which the first screen waits for (RouteGate): asked for
// now, beside the session, they are in the cache by the time it is drawn (the page's hint has most
// likely fetched them already).
void queryClient.prefetchQuery(appInfoQueryOptions());
// Evaluating the entry's modules (React, the router, Mantine) is one long task already; creating the
// router and starting i18n each get a task of their own instead of lengthening it, so the page can
// answer input and paint in between (on a phone's slower CPU each of these takes several times as long).
void (async () => {
  await nextTask();
  const router = createRouter(queryClient);
  await nextTask();
  const i18n = await startI18n();
  // A transition: React renders the first screen in slices of a few milliseconds rather than in one
  // long task, so the page answers input (and the browser paints) while it is being built.
  startTransition(() => {
    createRoot(mount).render(
      <StrictMode>
        <Providers i18n={i18n} queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
})();
