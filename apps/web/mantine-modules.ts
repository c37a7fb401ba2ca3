import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The `useId` that stands in for @mantine/hooks' own: React's id, no second render (decision 023). */
export const STABLE_ID = local("./src/lib/mantine/stable-id.ts");
/** What stands in for Mantine's runtime CSS variables: none, they are in the stylesheet (decision 024). */
export const NO_RUNTIME_CSS_VARIABLES = local("./src/lib/mantine/no-runtime-css-variables.ts");

/** A module a Mantine module imports, which the build resolves to one of the app's instead. */
interface Replacement {
  /** The importing module. */
  importer: RegExp;
  /** The import, as that module writes it. */
  source: RegExp;
  replacement: string;
}

const REPLACEMENTS: readonly Replacement[] = [
  {
    importer: /[\\/]@mantine[\\/]hooks[\\/]/,
    source: /(^|[\\/])use-id[\\/]use-id\.mjs$/,
    replacement: STABLE_ID,
  },
  {
    importer: /[\\/]@mantine[\\/]core[\\/].*[\\/]MantineProvider[\\/]MantineProvider\.mjs$/,
    source: /(^|[\\/])MantineCssVariables[\\/]MantineCssVariables\.mjs$/,
    replacement: NO_RUNTIME_CSS_VARIABLES,
  },
];

/**
 * Resolves the few Mantine modules the app replaces to its own, only where Mantine itself imports
 * them, so the library's other modules, and how the bundler splits them, stay as they are. Production
 * builds only: the dev server's pre-bundled Mantine keeps its own modules, which behave the same there
 * (the provider is told to write no variables), only slower.
 */
export function mantineModules(): Plugin {
  return {
    name: "wms-mantine-modules",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer) {
        return null;
      }
      const found = REPLACEMENTS.find((entry) => entry.importer.test(importer) && entry.source.test(source));
      return found?.replacement ?? null;
    },
  };
}
