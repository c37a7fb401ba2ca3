import { MutationObserver } from "@tanstack/react-query";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { sessionQueryKey } from "../features/auth/api/session.ts";
import { ApiError, SESSION_END_SHOWN_HERE } from "../lib/api-client.ts";
import { createQueryClient } from "./query-client.ts";

const signedIn = { user: { id: 1, email: "admin@example.com" } };
const unauthenticated = new ApiError("UNAUTHENTICATED", "Please sign in to continue.", 401);

async function failWith(error: unknown, meta?: Record<string, unknown>) {
  const queryClient = createQueryClient(i18next);
  queryClient.setQueryData(sessionQueryKey, signedIn);
  queryClient.setQueryData(["items", "list"], { items: [] });
  const observer = new MutationObserver(queryClient, {
    mutationFn: () => Promise.reject(error),
    ...(meta ? { meta } : {}),
  });
  await observer.mutate().catch(() => undefined);
  return queryClient;
}

describe("the query client on a 401", () => {
  it("forgets the session and what was read under it", async () => {
    const queryClient = await failWith(unauthenticated);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: null });
    expect(queryClient.getQueryData(["items", "list"])).toBeUndefined();
  });

  it("leaves it to a screen that says so itself (the bulk upload)", async () => {
    const queryClient = await failWith(unauthenticated, SESSION_END_SHOWN_HERE);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(signedIn);
  });

  it("is not fooled by other failures of such a screen", async () => {
    const queryClient = await failWith(new ApiError("INTERNAL", "", 500), SESSION_END_SHOWN_HERE);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(signedIn);
  });
});
