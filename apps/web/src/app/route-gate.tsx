import { Center, Container } from "@mantine/core";
import { Navigate, Outlet, useLocation } from "react-router";
import { ErrorState } from "../components/error-state.tsx";
import { useSession } from "../features/auth/api/session.ts";
import { useAppInfo } from "../lib/app-info.ts";
import { FullPageLoader } from "./full-page-loader.tsx";
import { decideAccess } from "./route-access.ts";

/**
 * Applies decideAccess to every route once the session is known, and draws the first screen once the
 * product title and business time zone (app-info) are known too: drawn with their defaults, the
 * screen would be drawn again when they arrived, and a form would keep its "today" in the default
 * zone. An app-info answer that fails leaves the defaults (app-info.ts).
 */
export function RouteGate() {
  const location = useLocation();
  const session = useSession();
  const appInfo = useAppInfo();

  // A failed background refresh keeps the last known session; only a first load failure blocks.
  if (!session.data) {
    if (!session.isError) {
      return <FullPageLoader />;
    }
    return (
      <Center mih="100dvh">
        <Container size="xs">
          <ErrorState error={session.error} onRetry={() => session.refetch()} retrying={session.isFetching} />
        </Container>
      </Center>
    );
  }
  if (appInfo.isPending) {
    return <FullPageLoader />;
  }
  const decision = decideAccess(location.pathname, session.data.user);
  if (decision.kind === "redirect") {
    return <Navigate to={decision.to} replace state={decision.state} />;
  }
  return <Outlet />;
}
