import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter } from "react-router";
import { dashboardSummaryQueryOptions } from "../features/dashboard/api/dashboard-summary.ts";
import { FullPageLoader } from "./full-page-loader.tsx";
import { RouteError } from "./route-error.tsx";
import { RouteGate } from "./route-gate.tsx";
import { prefetchWhenSignedIn } from "./route-prefetch.ts";

/*
 * Every screen is its own chunk, loaded when first opened, so the landing and login pages ship
 * little JavaScript. Which user may open what is decided in one place, RouteGate (route-access.ts);
 * paths not listed here are redirected by it before anything renders.
 *
 * The build reads this file (apps/web/route-preloads.ts): each route's `path`, its `lazy` imports and
 * its `handle.preload` (the API answers the screen reads first, written out as literals) become the
 * hints the server puts in the page it sends for that address, so the browser fetches the screen's
 * code and data alongside the entry rather than after it.
 */
function UnknownPath() {
  return null;
}

export function createRouter(queryClient: QueryClient) {
  const dashboardData = prefetchWhenSignedIn(queryClient, dashboardSummaryQueryOptions, "/api/dashboard");
  return createBrowserRouter([
    {
      Component: RouteGate,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteError,
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await import("./pages/landing-page.tsx")).LandingPage }),
        },
        {
          path: "setup",
          lazy: async () => ({ Component: (await import("./pages/setup-page.tsx")).SetupPage }),
        },
        {
          path: "unauthorized",
          lazy: async () => ({ Component: (await import("./pages/unauthorized-page.tsx")).UnauthorizedPage }),
        },
        {
          path: "wmscontrolpaneladmin/login",
          lazy: async () => ({ Component: (await import("./pages/login-page.tsx")).AdminLoginPage }),
        },
        {
          path: "staff/login",
          lazy: async () => ({ Component: (await import("./pages/login-page.tsx")).StaffLoginPage }),
        },
        {
          path: "wmscontrolpaneladmin",
          lazy: async () => ({ Component: (await import("./app-frame.tsx")).AppFrame }),
          children: [
            {
              path: "dashboard",
              loader: dashboardData,
              lazy: async () => ({ Component: (await import("./pages/dashboard-page.tsx")).DashboardPage }),
              handle: { preload: ["/api/dashboard"] },
            },
            {
              path: "warehouses",
              lazy: async () => ({
                Component: (await import("./pages/warehouses-page.tsx")).AdminWarehousesPage,
              }),
            },
            {
              path: "warehouses/:warehouseId",
              lazy: async () => ({
                Component: (await import("./pages/warehouses-page.tsx")).AdminWarehouseLayoutPage,
              }),
            },
            {
              path: "items",
              lazy: async () => ({ Component: (await import("./pages/items-page.tsx")).ItemsPage }),
            },
            {
              path: "staff",
              lazy: async () => ({ Component: (await import("./pages/staff-page.tsx")).StaffPage }),
            },
            {
              path: "movements",
              lazy: async () => ({ Component: (await import("./pages/movements-page.tsx")).MovementsPage }),
            },
            {
              path: "reports",
              lazy: async () => ({ Component: (await import("./pages/reports-page.tsx")).ReportsPage }),
            },
            {
              path: "audit",
              lazy: async () => ({ Component: (await import("./pages/audit-page.tsx")).AuditPage }),
            },
            {
              path: "items/:itemId/history",
              lazy: async () => ({
                Component: (await import("./pages/item-history-page.tsx")).ItemHistoryPage,
              }),
            },
            {
              path: "account",
              lazy: async () => ({ Component: (await import("./pages/account-page.tsx")).AccountPage }),
            },
          ],
        },
        {
          path: "staff",
          lazy: async () => ({ Component: (await import("./app-frame.tsx")).AppFrame }),
          children: [
            {
              path: "dashboard",
              loader: dashboardData,
              lazy: async () => ({ Component: (await import("./pages/dashboard-page.tsx")).DashboardPage }),
              handle: { preload: ["/api/dashboard"] },
            },
            {
              path: "warehouse",
              lazy: async () => ({
                Component: (await import("./pages/warehouses-page.tsx")).StaffWarehousePage,
              }),
            },
            {
              path: "items",
              lazy: async () => ({ Component: (await import("./pages/items-page.tsx")).ItemsPage }),
            },
            {
              path: "movements",
              lazy: async () => ({ Component: (await import("./pages/movements-page.tsx")).MovementsPage }),
            },
            {
              path: "items/:itemId/history",
              lazy: async () => ({
                Component: (await import("./pages/item-history-page.tsx")).ItemHistoryPage,
              }),
            },
            {
              path: "account",
              lazy: async () => ({ Component: (await import("./pages/account-page.tsx")).AccountPage }),
            },
          ],
        },
        // Unknown paths render nothing: RouteGate redirects them (to an area's home or to /).
        { path: "*", Component: UnknownPath },
      ],
    },
  ]);
}
