import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { sessionQueryOptions } from "../features/auth/api/session.ts";

/**
 * A route loader that starts a screen's data request while the screen's code is still downloading,
 * instead of after it has rendered. Only once the session shows someone signed in who may use the
 * screens now, so a visitor on the way to the login page causes no failing request.
 */
export function prefetchWhenSignedIn<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: () => FetchQueryOptions<T, Error, T, K>,
) {
  return () => {
    void queryClient
      .fetchQuery(sessionQueryOptions())
      .then(({ user }) =>
        user && !user.mustChangePassword ? queryClient.prefetchQuery(options()) : undefined,
      )
      .catch(() => undefined); // the route gate shows the session's failure
    return null;
  };
}
