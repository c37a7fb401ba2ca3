import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type { SessionResponse } from "@wms/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchSession, sessionChangeMutationKey, sessionQueryKey } from "../features/auth/api/session.ts";
import { announceSessionEnd, leaveSessionEndToWindow } from "../features/auth/api/session-end.ts";
import {
  type ChangeEvent,
  mergeRefreshes,
  queriesToRefresh,
  recoveryAfter,
  recoveryDelay,
  type SessionCheck,
  sessionCheckOf,
} from "../lib/live-updates.ts";

const BURST_MS = 150;
const SESSION_PREFIX = sessionQueryKey[0];

export type LiveState = "connecting" | "live" | "reconnecting";

/** Resolves once no sign-out or own password change of this browser is under way. */
function sessionChangesSettled(queryClient: QueryClient): Promise<void> {
  const settled = () => queryClient.isMutating({ mutationKey: sessionChangeMutationKey }) === 0;
  if (settled()) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (settled()) {
        unsubscribe();
        resolve();
      }
    });
  });
}

async function checkSession(
  signal: AbortSignal,
): Promise<{ check: SessionCheck; session?: SessionResponse }> {
  try {
    const session = await fetchSession(signal);
    return { check: sessionCheckOf({ session }), session };
  } catch (error) {
    return { check: sessionCheckOf({ error }) };
  }
}

/**
 * Keeps one Server-Sent Events stream open while someone is signed in and refreshes exactly the
 * queries each change makes stale, a burst at a time. After a dropped connection it refetches
 * everything, since changes may have been missed meanwhile.
 *
 * The session itself is never simply refetched here but checked: when the server ends the stream
 * (`event: end`: the session ended), when the stream fails, and when the signed-in account changed.
 * A session that is gone is forgotten the app's usual way (the login page, with the session-expired
 * message) and the stream stays closed; a session that lives on (this browser replaced it, e.g. by
 * changing its own password) is kept, with a new stream if the old one closed.
 *
 * Returns the stream's state and the time of the last change, so the frame can show that data just
 * changed.
 */
export function useLiveUpdates(userId: number | null): { state: LiveState; lastChangeAt: number | null } {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const [state, setState] = useState<LiveState>("connecting");
  const [lastChangeAt, setLastChangeAt] = useState<number | null>(null);
  const pending = useRef<Set<string> | null | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (userId === null || typeof EventSource === "undefined") {
      return;
    }
    const stop = new AbortController();
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Changes may have been missed since the stream last worked: refetch everything once it is back.
    let missed = false;
    // Attempts since the stream was last ready, for the backoff.
    let attempts = 0;
    // One session check at a time; a reason for another one meanwhile runs it again afterwards.
    let checking = false;
    let checkAgain = false;

    const closeStream = () => {
      source?.close();
      source = null;
    };

    const recover = async (): Promise<void> => {
      if (stop.signal.aborted) {
        return;
      }
      if (checking) {
        checkAgain = true;
        return;
      }
      checking = true;
      checkAgain = false;
      let answer: Awaited<ReturnType<typeof checkSession>>;
      try {
        // A sign-out or password change of this browser settles first: its cookie decides.
        await sessionChangesSettled(queryClient);
        if (stop.signal.aborted) {
          return;
        }
        answer = await checkSession(stop.signal);
      } finally {
        checking = false;
      }
      if (stop.signal.aborted) {
        return;
      }
      if (checkAgain) {
        return recover();
      }
      if (answer.session?.user) {
        if (answer.session.user.id !== userId) {
          // Someone else signed in meanwhile (another tab): nothing read before is theirs.
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
        }
        queryClient.setQueryData(sessionQueryKey, answer.session);
      }
      const closed = source === null || source.readyState === EventSource.CLOSED;
      const recovery = recoveryAfter(answer.check, closed);
      if (recovery === "keep") {
        return;
      }
      closeStream();
      clearTimeout(retry);
      if (recovery === "sign-out") {
        if (!leaveSessionEndToWindow()) {
          announceSessionEnd(queryClient, i18n);
        }
        return;
      }
      const next = recovery === "reopen" ? open : () => void recover();
      retry = setTimeout(next, recoveryDelay(recovery, attempts));
      attempts += 1;
    };

    // Whether the burst under way brings another person's change the user should be told of.
    let announce = false;
    const flush = () => {
      const refresh = pending.current;
      const told = announce;
      pending.current = undefined;
      announce = false;
      if (refresh === undefined) {
        return;
      }
      const refetched =
        refresh === null
          ? queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_PREFIX })
          : Promise.all(
              [...refresh]
                .filter((prefix) => prefix !== SESSION_PREFIX)
                .map((prefix) => queryClient.invalidateQueries({ queryKey: [prefix] })),
            );
      if (refresh === null || refresh.has(SESSION_PREFIX)) {
        void recover();
      }
      if (told) {
        // "Updated" once the screens on view have fetched the change, not before.
        void refetched.then(
          () => !stop.signal.aborted && setLastChangeAt(Date.now()),
          () => undefined,
        );
      }
    };
    const schedule = (prefixes: string[] | null, tell = false) => {
      pending.current =
        pending.current === undefined
          ? prefixes && new Set(prefixes)
          : mergeRefreshes(pending.current, prefixes);
      announce ||= tell;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, BURST_MS);
    };

    const open = () => {
      const stream = new EventSource("/api/events", { withCredentials: true });
      source = stream;
      stream.addEventListener("ready", () => {
        attempts = 0;
        setState("live");
        if (missed) {
          missed = false;
          schedule(null);
        }
      });
      stream.addEventListener("end", () => {
        // The session of this stream ended: the browser must not reconnect on its own.
        stream.close();
        missed = true;
        setState("reconnecting");
        void recover();
      });
      stream.onmessage = (message) => {
        const event = JSON.parse(message.data) as ChangeEvent;
        const prefixes = queriesToRefresh(event, userId);
        if (prefixes === null || prefixes.length > 0) {
          schedule(prefixes, true);
        }
      };
      stream.onerror = () => {
        missed = true;
        setState("reconnecting");
        void recover();
      };
    };

    open();
    return () => {
      stop.abort();
      clearTimeout(timer.current);
      clearTimeout(retry);
      closeStream();
    };
  }, [queryClient, i18n, userId]);

  return { state, lastChangeAt };
}
