import { notifications } from "@mantine/notifications";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { sessionQueryKey } from "../features/auth/api/session.ts";
import { sessionEffectOf, shouldRetry } from "../lib/api-client.ts";

/**
 * One query client whose caches react to session-ending answers anywhere in the app: the cached
 * session is cleared (the route guard then sends the user to the matching login page) or reloaded
 * (the guard then sends a user who owes a password change to the account page).
 */
export function createQueryClient(i18n: I18n): QueryClient {
  const onError = (error: unknown) => {
    const effect = sessionEffectOf(error);
    if (effect === "signed-out") {
      const hadUser = Boolean(queryClient.getQueryData<{ user: unknown }>(sessionQueryKey)?.user);
      queryClient.setQueryData(sessionQueryKey, { user: null });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      if (hadUser) {
        notifications.show({
          id: "session-ended",
          color: "yellow",
          message: i18n.t("errors.SESSION_EXPIRED"),
        });
      }
    } else if (effect === "password-change-required") {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
