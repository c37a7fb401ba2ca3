import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { staffListQueryKey } from "./staff-list.ts";

export function deleteStaff(id: number): Promise<void> {
  return apiRequest<void>(`/staff/${id}`, { method: "DELETE" });
}

export function useDeleteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListQueryKey }),
  });
}
