import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

/** Where `npm run build:api` writes the bundles the server processes run (`npm run serve` runs main.mjs). */
const API_DIST_DIR = path.join(PACKAGE_DIR, "dist");

/**
 * Installed packages stay imports, resolved by Node from node_modules at run time as they are for the
 * source (their own files, native parts and binaries stay where npm put them); only this repository's
 * code, the API's and the shared domain package's, goes into the bundle.
 */
const installedPackagesStayImports: Plugin = {
  name: "installed-packages-stay-imports",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@wms/") ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles the long-running entry points, the server and the demo, into one ES module each in
 * apps/api/dist, so their processes run plain JavaScript: through a TypeScript loader the server took
 * about 45 MB more memory idle, its loader thread's heap (decision 022). Not minified, so a stack
 * trace's file and line are readable in the bundle. The bundles sit directly in dist/ as
 * src/package-paths.ts sits in src/: the files the server reads are found from either.
 */
export async function buildApi(): Promise<void> {
  await build({
    absWorkingDir: PACKAGE_DIR,
    entryPoints: { main: "src/main.ts", demo: "src/cli/demo.ts" },
    outdir: API_DIST_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [installedPackagesStayImports],
    logLevel: "warning",
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildApi();
}
