import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { sessionQueryOptions } from "../features/auth/api/session.ts";

/** The hints the page was sent with that a screen has waited for already (each only once). */
const awaitedHints = new Set<string>();

/** Whether the server named `url` in the page it sent (apps/api/src/http/spa.ts): it is on its way. */
function hinted(url: string): boolean {
  return (
    !awaitedHints.has(url) &&
    typeof document !== "undefined" &&
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].some(
      (link) => link.getAttribute("href") === url,
    )
  );
}

/**
 * A route loader that starts a screen's data request while the screen's code is still downloading,
 * instead of after it has rendered. Only once the session shows someone signed in who may use the
 * screens now, so a visitor on the way to the login page causes no failing request.
 *
 * `hint`: the URL the screen reads first, which the server names in the page it sends to someone
 * signed in. When the page came with it, the answer is already on its way, so the first load of the
 * screen waits for it and shows the screen complete at once (rather than its frame, a loader, then
 * the figures a moment later); later visits show the screen at once and its data as it arrives.
 */
export function prefetchWhenSignedIn<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: () => FetchQueryOptions<T, Error, T, K>,
  hint?: string,
) {
  return () => {
    const loaded = queryClient
      .fetchQuery(sessionQueryOptions())
      .then(({ user }) =>
        user && !user.mustChangePassword ? queryClient.prefetchQuery(options()) : undefined,
      )
      .catch(() => undefined); // the route gate shows the session's failure
    if (hint !== undefined && hinted(hint)) {
      awaitedHints.add(hint);
      return loaded.then(() => null);
    }
    return null;
  };
}
