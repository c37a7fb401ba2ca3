import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SessionResponse, UpdatePreferencesRequest, UserResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { sessionQueryKey } from "./session.ts";

export function updatePreferences(request: UpdatePreferencesRequest): Promise<UserResponse> {
  return apiRequest<UserResponse>("/auth/preferences", { method: "PUT", body: request });
}

/**
 * Saves the signed-in user's preferences. The cached session takes the new language at once, so a
 * session refetch in flight cannot switch the screen back while the request travels.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onMutate: async (request) => {
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      const previous = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
      if (previous?.user) {
        queryClient.setQueryData<SessionResponse>(sessionQueryKey, {
          user: { ...previous.user, language: request.language },
        });
      }
      return { previous };
    },
    onSuccess: ({ user }) => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
    },
    onError: (_error, _request, context) => {
      // The server kept the old choice, and the session's language wins: the screen returns to it.
      if (context?.previous?.user) {
        const current = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
        if (current?.user) {
          queryClient.setQueryData<SessionResponse>(sessionQueryKey, {
            user: { ...current.user, language: context.previous.user.language },
          });
        }
      }
    },
  });
}
