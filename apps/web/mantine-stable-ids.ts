import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The `useId` that stands in for the library's own (React's id, no second render). */
export const STABLE_ID = fileURLToPath(new URL("./src/lib/mantine/stable-id.ts", import.meta.url));

/** A module of the @mantine/hooks package, and that package's own module of `useId`. */
const IN_MANTINE_HOOKS = /[\\/]@mantine[\\/]hooks[\\/]/;
const LIBRARY_USE_ID = /(^|[\\/])use-id[\\/]use-id\.mjs$/;

/**
 * Resolves @mantine/hooks' `useId` module to STABLE_ID, so every Mantine component gets the stable
 * id while the library's other hooks, and how the bundler splits them, stay as they are. Production
 * builds only: the dev server's pre-bundled Mantine keeps the library's own `useId`.
 */
export function mantineStableIds(): Plugin {
  return {
    name: "wms-mantine-stable-ids",
    enforce: "pre",
    resolveId(source, importer) {
      return importer && IN_MANTINE_HOOKS.test(importer) && LIBRARY_USE_ID.test(source) ? STABLE_ID : null;
    },
  };
}
