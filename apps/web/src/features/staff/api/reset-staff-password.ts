import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResetPasswordRequest } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { staffListQueryKey } from "./staff-list.ts";

export interface ResetStaffPasswordVariables extends ResetPasswordRequest {
  id: number;
}

export function resetStaffPassword({ id, password }: ResetStaffPasswordVariables): Promise<void> {
  return apiRequest<void>(`/staff/${id}/password`, { method: "POST", body: { password } });
}

/** The member must change the password at next sign-in, so their "Must change password" badge changes. */
export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListQueryKey }),
  });
}
