import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { createRouter } from "./app/router.tsx";
import { sessionQueryOptions } from "./features/auth/api/session.ts";
import { i18next, startI18n } from "./i18n/index.ts";

const root = document.getElementById("root");
if (!root) {
  throw new Error("The page has no #root element.");
}

// The translations, the session and the opened screen's chunks are fetched side by side: the router
// starts loading the matched route's lazy modules as soon as it is created, before the first render.
const mount = root;
const queryClient = createQueryClient(i18next);
void queryClient.prefetchQuery(sessionQueryOptions());
const router = createRouter(queryClient);
void startI18n().then((i18n) => {
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
});
