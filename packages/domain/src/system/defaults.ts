// Plain constants (no zod), see auth/roles.ts.
export const DEFAULT_PRODUCT_TITLE = "WMS Control Panel";
export const DEFAULT_TIME_ZONE = "Asia/Dubai";
