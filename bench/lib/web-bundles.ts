import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

const run = promisify(execFile);

/** `vite build` of apps/web into `outDir` with the manifest on (the product's vite.config.ts is untouched). */
export async function buildWeb(repoRoot: string, outDir: string): Promise<number> {
  const start = performance.now();
  await run(
    path.join(repoRoot, "node_modules/.bin/vite"),
    ["build", "apps/web", "--outDir", outDir, "--emptyOutDir", "--manifest", "--logLevel", "warn"],
    { cwd: repoRoot, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
  );
  return Math.round(performance.now() - start);
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface RouteBundle {
  route: string;
  /** Screen modules the route loads besides the entry (its page, and the app frame for signed-in areas). */
  modules: string[];
  files: number;
  rawKb: number;
  gzipKb: number;
}

/**
 * Routes of apps/web/src/app/router.tsx with the page modules they import lazily; a child of an area
 * ('wmscontrolpaneladmin', 'staff') also loads that area's frame.
 */
export function parseRoutes(routerSource: string): Array<{ route: string; modules: string[] }> {
  const entries = [...routerSource.matchAll(/path:\s*"([^"]+)"[\s\S]*?import\("\.\/([^"]+)"\)/g)].map(
    (match) => ({ path: match[1] ?? "", module: `src/app/${match[2]}`, at: match.index ?? 0 }),
  );
  const index = /index:\s*true[\s\S]*?import\("\.\/([^"]+)"\)/.exec(routerSource);
  const areas: Array<{ path: string; module: string; from: number; to: number }> = [];
  for (const entry of entries) {
    const childrenAt = routerSource.indexOf("children:", entry.at);
    const nextPath = routerSource.indexOf("path:", entry.at + 5);
    if (childrenAt !== -1 && childrenAt < nextPath) {
      let depth = 0;
      let i = routerSource.indexOf("[", childrenAt);
      const from = i;
      for (; i < routerSource.length; i++) {
        if (routerSource[i] === "[") {
          depth++;
        } else if (routerSource[i] === "]" && --depth === 0) {
          break;
        }
      }
      areas.push({ path: entry.path, module: entry.module, from, to: i });
    }
  }
  const routes: Array<{ route: string; modules: string[] }> = [];
  if (index?.[1]) {
    routes.push({ route: "/", modules: [`src/app/${index[1]}`] });
  }
  for (const entry of entries) {
    if (areas.some((area) => area.path === entry.path && area.module === entry.module)) {
      continue;
    }
    const area = areas.find((a) => entry.at > a.from && entry.at < a.to);
    routes.push(
      area
        ? { route: `/${area.path}/${entry.path}`, modules: [area.module, entry.module] }
        : { route: `/${entry.path}`, modules: [entry.module] },
    );
  }
  return routes;
}

/** Gzipped JavaScript each route downloads: the entry's static graph plus its screens' static graphs. */
export function routeBundles(webRoot: string, outDir: string): RouteBundle[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const routes = parseRoutes(fs.readFileSync(path.join(webRoot, "src/app/router.tsx"), "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? "index.html";
  const gzipCache = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = gzipCache.get(file);
    if (!size) {
      const bytes = fs.readFileSync(path.join(outDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      gzipCache.set(file, size);
    }
    return size;
  };
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) {
        return;
      }
      seen.add(key);
      for (const child of manifest[key]?.imports ?? []) {
        visit(child);
      }
    };
    keys.forEach(visit);
    return [...seen].map((key) => manifest[key]?.file ?? "").filter((file) => file.endsWith(".js"));
  };
  // Classic scripts: those the server adds for someone signed in (route-preloads.json), counted on every
  // route (a few hundred bytes more than the sign-in pages send), and color-scheme.js where the build has
  // it: builds before decision 028 loaded it on every route.
  const preloadsFile = path.join(outDir, "route-preloads.json");
  const signedInScripts: string[] = fs.existsSync(preloadsFile)
    ? (JSON.parse(fs.readFileSync(preloadsFile, "utf8")).signedIn?.scripts ?? [])
    : [];
  const classicScripts = ["color-scheme.js", ...signedInScripts].filter((file) =>
    fs.existsSync(path.join(outDir, file)),
  );
  const srcKey = (module: string) =>
    Object.keys(manifest).find((key) => manifest[key]?.src === module || key === module);
  return routes.map(({ route, modules }) => {
    const keys = [entryKey, ...modules.map(srcKey).filter((key): key is string => Boolean(key))];
    const files = closure(keys);
    const all = [...files, ...classicScripts];
    const raw = all.reduce((sum, file) => sum + sizeOf(file).raw, 0);
    const gzip = all.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
    return {
      route,
      modules,
      files: all.length,
      rawKb: Math.round(raw / 102.4) / 10,
      gzipKb: Math.round(gzip / 102.4) / 10,
    };
  });
}
