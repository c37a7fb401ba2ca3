// Imported dynamically by the login form, so zod is not part of the sign-in pages' first download.
export { LoginRequestSchema } from "@wms/domain";
