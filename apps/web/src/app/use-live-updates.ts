import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type ChangeEvent, mergeRefreshes, queriesToRefresh } from "../lib/live-updates.ts";

const BURST_MS = 150;

export type LiveState = "connecting" | "live" | "reconnecting";

/**
 * Keeps one Server-Sent Events stream open while someone is signed in and refreshes exactly the
 * queries each change makes stale, a burst at a time. After a dropped connection it refetches
 * everything, since changes may have been missed meanwhile. Returns the stream's state and the time
 * of the last change, so the frame can show that data just changed.
 */
export function useLiveUpdates(userId: number | null): { state: LiveState; lastChangeAt: number | null } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  const [lastChangeAt, setLastChangeAt] = useState<number | null>(null);
  const pending = useRef<Set<string> | null | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (userId === null || typeof EventSource === "undefined") {
      return;
    }
    const flush = () => {
      const refresh = pending.current;
      pending.current = undefined;
      if (refresh === null) {
        void queryClient.invalidateQueries();
      } else if (refresh) {
        for (const prefix of refresh) {
          void queryClient.invalidateQueries({ queryKey: [prefix] });
        }
      }
    };
    const schedule = (prefixes: string[] | null) => {
      pending.current =
        pending.current === undefined
          ? prefixes && new Set(prefixes)
          : mergeRefreshes(pending.current, prefixes);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, BURST_MS);
    };

    let hadError = false;
    const source = new EventSource("/api/events", { withCredentials: true });
    source.addEventListener("ready", () => {
      setState("live");
      if (hadError) {
        schedule(null);
      }
    });
    source.onmessage = (message) => {
      const event = JSON.parse(message.data) as ChangeEvent;
      const prefixes = queriesToRefresh(event, userId);
      if (prefixes === null || prefixes.length > 0) {
        schedule(prefixes);
        setLastChangeAt(Date.now());
      }
    };
    source.onerror = () => {
      hadError = true;
      setState("reconnecting");
    };
    return () => {
      clearTimeout(timer.current);
      source.close();
    };
  }, [queryClient, userId]);

  return { state, lastChangeAt };
}
