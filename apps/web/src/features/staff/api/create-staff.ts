import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Account, CreateAccountRequest } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { staffListQueryKey } from "./staff-list.ts";

export function createStaff(request: CreateAccountRequest): Promise<Account> {
  return apiRequest<Account>("/staff", { method: "POST", body: request });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListQueryKey }),
  });
}
