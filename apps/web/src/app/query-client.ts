import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { sessionQueryKey } from "../features/auth/api/session.ts";
import { announceSessionEnd } from "../features/auth/api/session-end.ts";
import { sessionEffectOf, shouldRetry, showsSessionEnd } from "../lib/api-client.ts";

/**
 * One query client whose caches react to session-ending answers anywhere in the app: the cached
 * session is cleared (the route guard then sends the user to the matching login page) or reloaded
 * (the guard then sends a user who owes a password change to the account page). A query or mutation
 * marked SESSION_END_SHOWN_HERE says so on its own screen, which forgets the session when left.
 */
export function createQueryClient(i18n: I18n): QueryClient {
  const onError = (error: unknown, meta?: Record<string, unknown>) => {
    const effect = sessionEffectOf(error);
    if (effect === "signed-out") {
      if (showsSessionEnd(meta)) {
        return;
      }
      announceSessionEnd(queryClient, i18n);
    } else if (effect === "password-change-required") {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
