import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * What the server adds to index.html for a screen's address (route-preloads.json in the build,
 * read by apps/api/src/http/spa.ts): the screen's own files, which the app otherwise asks for only
 * once the entry has downloaded and run, and the API answers it reads first.
 */
export interface RoutePreloadsFile {
  /** For every page: files it imports dynamically at start, and the API answers it reads first. */
  always: { js: string[]; data: string[] };
  /**
   * Classic scripts (files of public/) the page runs before its first paint when the visitor is signed
   * in; optional, as older builds lack it.
   */
  signedIn?: { scripts: string[] };
  /** Screens by path ("/wmscontrolpaneladmin/warehouses/:warehouseId"), most specific first. */
  routes: Array<{
    path: string;
    js: string[];
    css: string[];
    /** API answers the screen reads first; hinted to signed-in visitors only. */
    data: string[];
  }>;
}

export interface RoutePreloadsOptions {
  /** The router, relative to the app's root: routes with `path`, `lazy: () => import(...)`, `children`. */
  router: string;
  /** Modules every page imports dynamically at start (relative to the app's root). */
  alwaysModules?: string[];
  /** API answers every page reads at start. */
  alwaysData: string[];
  /** Classic scripts of public/ that the page sent to someone signed in runs before its first paint. */
  signedInScripts?: string[];
}

interface ParsedRoute {
  path: string;
  /** Absolute ids of the modules the route loads lazily (an area's frame, then its screen). */
  modules: string[];
  data: string[];
}

// The parts of the ESTree shapes read here.
interface Node {
  type: string;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

function property(object: Node, name: string): Node | undefined {
  for (const prop of (object.properties as Node[] | undefined) ?? []) {
    const key = prop.key as Node | undefined;
    if (prop.type === "Property" && key && (key.name === name || key.value === name)) {
      return prop.value as Node;
    }
  }
  return undefined;
}

/** Every `import("...")` source inside a node. */
function importSources(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) {
      importSources(item, found);
    }
  } else if (isNode(node)) {
    const source = node.source as Node | undefined;
    if (node.type === "ImportExpression" && source?.type === "Literal" && typeof source.value === "string") {
      found.push(source.value);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== "type" && typeof value === "object") {
        importSources(value, found);
      }
    }
  }
  return found;
}

/** The route objects of the array passed to createBrowserRouter, flattened to leaf routes. */
function parseRoutes(program: Node, routerDir: string): ParsedRoute[] {
  let top: Node | undefined;
  const find = (node: unknown) => {
    if (top) {
      return;
    }
    if (Array.isArray(node)) {
      node.forEach(find);
    } else if (isNode(node)) {
      const callee = node.callee as Node | undefined;
      if (node.type === "CallExpression" && callee?.name === "createBrowserRouter") {
        top = (node.arguments as Node[])[0];
        return;
      }
      for (const value of Object.values(node)) {
        if (typeof value === "object") {
          find(value);
        }
      }
    }
  };
  find(program);
  const routes: ParsedRoute[] = [];
  const visit = (array: Node | undefined, parentPath: string, parentModules: string[]) => {
    for (const route of (array?.elements as Node[] | undefined) ?? []) {
      if (route?.type !== "ObjectExpression") {
        continue;
      }
      const own = property(route, "path");
      const segment = own?.type === "Literal" && typeof own.value === "string" ? own.value : "";
      const routePath = segment ? `${parentPath}/${segment}` : parentPath;
      const modules = [
        ...parentModules,
        ...importSources(property(route, "lazy")).map((source) => path.resolve(routerDir, source)),
      ];
      const preload = property(property(route, "handle") ?? { type: "ObjectExpression" }, "preload");
      const data = ((preload?.elements as Node[] | undefined) ?? [])
        .map((element) => element.value)
        .filter((value): value is string => typeof value === "string");
      const children = property(route, "children");
      if (children) {
        visit(children, routePath, modules);
      } else if (modules.length > parentModules.length && segment !== "*") {
        routes.push({ path: routePath || "/", modules, data });
      }
    }
  };
  visit(top, "", []);
  return routes;
}

/** A chunk's file and the files of its static imports, recursively. */
function closure(bundle: OutputBundle, files: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (seen.has(file) || chunk?.type !== "chunk") {
      return;
    }
    seen.add(file);
    chunk.imports.forEach(visit);
  };
  files.forEach(visit);
  return seen;
}

/** Routes with static segments before those with parameters, so the first match is the most specific. */
function specificity(routePath: string): number {
  return -routePath.split("/").filter((segment) => segment.startsWith(":")).length;
}

/**
 * Writes route-preloads.json: for every screen of the router, the chunks and styles it loads besides
 * the entry's (which index.html already lists), so the server can name them in the page it sends and
 * the browser fetches them alongside the entry instead of after it.
 */
export function routePreloads(options: RoutePreloadsOptions): Plugin {
  let root = "";
  let publicDir = "";
  return {
    name: "wms-route-preloads",
    apply: "build",
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    async generateBundle(_output, bundle) {
      const routerFile = path.resolve(root, options.router);
      const source = await readFile(routerFile, "utf8");
      const routes = parseRoutes(
        this.parse(source, { lang: "tsx" }) as unknown as Node,
        path.dirname(routerFile),
      );
      if (routes.length === 0) {
        this.error(`no routes found in ${options.router}`);
      }
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
      const entry = chunks.find((chunk) => chunk.isEntry);
      const inEntry = closure(bundle, entry ? [entry.fileName] : []);
      const chunkOf = (id: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (!chunk) {
          this.error(`no chunk loads ${path.relative(root, id)}`);
        }
        return chunk.fileName;
      };
      const filesOf = (ids: string[]) => {
        const js = [...closure(bundle, ids.map(chunkOf))].filter((file) => !inEntry.has(file));
        const css = new Set<string>();
        for (const file of js) {
          const chunk = bundle[file] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
          for (const style of chunk.viteMetadata?.importedCss ?? []) {
            css.add(style);
          }
        }
        return { js, css: [...css] };
      };
      const signedInScripts = options.signedInScripts ?? [];
      for (const script of signedInScripts) {
        if (!existsSync(path.join(publicDir, script))) {
          this.error(`signedInScripts names ${script}, which is not in ${path.relative(root, publicDir)}`);
        }
      }
      const always = filesOf((options.alwaysModules ?? []).map((module) => path.resolve(root, module)));
      const file: RoutePreloadsFile = {
        always: { js: always.js, data: options.alwaysData },
        signedIn: { scripts: signedInScripts },
        routes: routes
          .map((route) => ({ path: route.path, ...filesOf(route.modules), data: route.data }))
          .sort((a, b) => specificity(b.path) - specificity(a.path)),
      };
      this.emitFile({
        type: "asset",
        fileName: "route-preloads.json",
        source: `${JSON.stringify(file, null, 2)}\n`,
      });
    },
  };
}
