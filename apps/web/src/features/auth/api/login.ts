import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginRequest, UserResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { sessionQueryKey } from "./session.ts";

export function login(request: LoginRequest): Promise<UserResponse> {
  return apiRequest<UserResponse>("/auth/login", { method: "POST", body: request });
}

/** Signs in; the new user replaces the cached session and nothing of an earlier user stays cached. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, { user });
    },
  });
}
