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

/** Audit actions that change nothing another screen shows. */
export const SILENT_ACTIONS = new Set(["sign_in", "sign_out"]);
