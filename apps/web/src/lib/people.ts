import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PersonOption } from "@wms/domain";
import { apiRequest } from "./api-client.ts";

/** GET /api/people (the domain exports only the schema of this answer). */
export interface ListPeopleResponse {
  people: PersonOption[];
}

/** The live accounts a movement can be recorded as managed by (the Staff select). */
export const peopleQueryKey = ["people"] as const;

export function fetchPeople(signal?: AbortSignal): Promise<ListPeopleResponse> {
  return apiRequest<ListPeopleResponse>("/people", signal ? { signal } : {});
}

export function peopleQueryOptions() {
  return queryOptions({
    queryKey: peopleQueryKey,
    queryFn: ({ signal }) => fetchPeople(signal),
    staleTime: 60_000,
  });
}

export function usePeople() {
  return useQuery(peopleQueryOptions());
}
