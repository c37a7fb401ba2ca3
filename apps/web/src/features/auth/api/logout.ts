import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { sessionChangeMutationKey, sessionQueryKey } from "./session.ts";

export function logout(): Promise<void> {
  return apiRequest<void>("/auth/logout", { method: "POST" });
}

/** Signs out; the whole query cache goes, whether or not the server could be told. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sessionChangeMutationKey, "logout"],
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, { user: null });
    },
  });
}
