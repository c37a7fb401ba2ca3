import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Account, CreateAccountRequest } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { adminsListQueryKey } from "./admins-list.ts";

export function createAdmin(request: CreateAccountRequest): Promise<Account> {
  return apiRequest<Account>("/admins", { method: "POST", body: request });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsListQueryKey }),
  });
}
