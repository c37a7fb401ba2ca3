import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordRequest, UserResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { sessionChangeMutationKey, sessionQueryKey } from "./session.ts";

export function changePassword(request: ChangePasswordRequest): Promise<UserResponse> {
  return apiRequest<UserResponse>("/auth/password", { method: "POST", body: request });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sessionChangeMutationKey, "password"],
    mutationFn: changePassword,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, { user });
    },
  });
}
