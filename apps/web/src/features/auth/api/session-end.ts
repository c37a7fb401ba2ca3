import { notifications } from "@mantine/notifications";
import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { forgetSession } from "./session.ts";

/**
 * Forgets a session the server has ended and tells the user so, once (the route guard then sends them
 * to the matching login page): after any 401, and when the live-update stream ends with the session.
 */
export function announceSessionEnd(queryClient: QueryClient, i18n: I18n): void {
  if (forgetSession(queryClient)) {
    notifications.show({
      id: "session-ended",
      color: "yellow",
      message: i18n.t("errors.SESSION_EXPIRED"),
    });
  }
}

let openWindows = 0;
let endedWhileOpen = false;

/**
 * Called by a window that tells the user itself that the session has ended (the bulk upload, in the
 * spec's words, when its next request meets a 401): while it is open, a session end found by other
 * means (the live-update stream) is left to it. The returned release says whether the session was
 * found ended meanwhile, so the window can end it when it closes.
 */
export function holdSessionEnd(): () => boolean {
  openWindows += 1;
  let released = false;
  return () => {
    if (released) {
      return false;
    }
    released = true;
    openWindows -= 1;
    const ended = endedWhileOpen;
    if (openWindows === 0) {
      endedWhileOpen = false;
    }
    return ended;
  };
}

/** True, and noted for the window, when an open window tells the session end itself. */
export function leaveSessionEndToWindow(): boolean {
  if (openWindows === 0) {
    return false;
  }
  endedWhileOpen = true;
  return true;
}
