import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { createRouter } from "./app/router.tsx";
import { startI18n } from "./i18n/index.ts";

const root = document.getElementById("root");
if (!root) {
  throw new Error("The page has no #root element.");
}

const mount = root;
void startI18n().then((i18next) => {
  const queryClient = createQueryClient(i18next);
  const router = createRouter();
  createRoot(mount).render(
    <StrictMode>
      <Providers i18n={i18next} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
