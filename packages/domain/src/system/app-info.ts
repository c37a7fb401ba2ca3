import { z } from "zod";

export const AppInfoResponseSchema = z.object({
  title: z.string(),
  companyName: z.string(),
  setupRequired: z.boolean(),
  /** The business time zone: day boundaries, months and displayed times follow it. */
  timeZone: z.string(),
});
export type AppInfo = z.infer<typeof AppInfoResponseSchema>;
