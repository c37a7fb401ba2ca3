import { useMutation } from "@tanstack/react-query";
import type { AdminCredentials } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * Checks re-entered admin credentials before the edit form opens (the spec's first step). The edit
 * itself sends them again; this only spares the admin filling a form they cannot save.
 */
export function verifyAdmin(credentials: AdminCredentials): Promise<void> {
  return apiRequest<void>("/auth/verify-admin", { method: "POST", body: credentials });
}

export function useVerifyAdmin() {
  return useMutation({ mutationFn: verifyAdmin });
}
