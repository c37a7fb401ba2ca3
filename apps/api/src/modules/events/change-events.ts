import { z } from "zod";

/** The channel every API process listens on; payloads are small JSON change events. */
export const CHANGE_CHANNEL = "wms_changes";

export const ChangeEventSchema = z.object({
  entity: z.string(),
  id: z.string(),
  action: z.string(),
});
export type ChangeEvent = z.infer<typeof ChangeEventSchema>;

/** Sent to browsers when this process may have missed events (its database connection dropped). */
export const RESYNC_EVENT: ChangeEvent = { entity: "*", id: "*", action: "resync" };

/**
 * Sent between API processes when sessions of a user end (sign-out, password change or reset, the
 * account archived), so each process's open event streams re-check their session at once. Never
 * forwarded to browsers.
 */
export const SESSION_ENTITY = "session";

export function sessionsEndedEvent(userId: number): ChangeEvent {
  return { entity: SESSION_ENTITY, id: String(userId), action: "end" };
}

/** Audit actions that change nothing another screen shows. */
export const SILENT_ACTIONS = new Set(["sign_in", "sign_out"]);
