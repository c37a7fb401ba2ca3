import { Center, Container } from "@mantine/core";
import { Navigate, Outlet, useLocation } from "react-router";
import { ErrorState } from "../components/error-state.tsx";
import { useSession } from "../features/auth/api/session.ts";
import { FullPageLoader } from "./full-page-loader.tsx";
import { decideAccess } from "./route-access.ts";

/** Applies decideAccess to every route once the session is known. */
export function RouteGate() {
  const location = useLocation();
  const session = useSession();

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
  const decision = decideAccess(location.pathname, session.data.user);
  if (decision.kind === "redirect") {
    return <Navigate to={decision.to} replace state={decision.state} />;
  }
  return <Outlet />;
}
