import { fileURLToPath } from "node:url";

/**
 * Folders the API reads at run time, found from the api package's own folder. This module sits
 * directly in `src/`, and the bundle the server runs from (`npm run build:api`) sits directly in
 * `dist/`: from either, `..` is the package, so the paths hold for the source and for the bundle.
 */
const PACKAGE_DIR = new URL("../", import.meta.url);

/** The committed SQL migrations and drizzle's journal of them. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("src/db/migrations", PACKAGE_DIR));

/** The web app's production build (`npm run build`), served by the API. */
export const WEB_DIST_DIR = fileURLToPath(new URL("../web/dist", PACKAGE_DIR));
