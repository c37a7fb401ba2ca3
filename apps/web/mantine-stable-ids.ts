import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The module that stands in for `@mantine/hooks` (the library's hooks, with a stable `useId`). */
export const MANTINE_HOOKS_SHIM = fileURLToPath(new URL("./src/lib/mantine/hooks.ts", import.meta.url));

/**
 * Resolves `@mantine/hooks`, wherever it is imported (Mantine's own packages above all), to the shim,
 * except from the shim itself, which takes the library's hooks from the real package. Production
 * builds only matter here: the dev server's pre-bundled Mantine keeps the library's own `useId`.
 */
export function mantineStableIds(): Plugin {
  return {
    name: "wms-mantine-stable-ids",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "@mantine/hooks" && importer !== MANTINE_HOOKS_SHIM) {
        return MANTINE_HOOKS_SHIM;
      }
      return null;
    },
  };
}
