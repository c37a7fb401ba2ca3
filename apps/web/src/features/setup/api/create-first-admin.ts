import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateFirstAdminRequest, UserResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

export function createFirstAdmin(request: CreateFirstAdminRequest): Promise<UserResponse> {
  return apiRequest<UserResponse>("/setup", { method: "POST", body: request });
}

/**
 * Creates the first admin, who is then signed in. The caller stores the returned user as the session;
 * everything else cached (e.g. app-info's setupRequired) is stale now.
 */
export function useCreateFirstAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFirstAdmin,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
