import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { COLOR_SCHEME_COOKIE, MESSAGES, type PageColorScheme, pageColorScheme } from "@wms/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendError } from "./error-handler.ts";

export interface SpaOptions {
  /** Whether the request comes from someone signed in (a session cookie): only they get data hints. */
  signedIn?: (request: FastifyRequest) => boolean;
}

/**
 * route-preloads.json, written by the web build (apps/web/route-preloads.ts): per screen, the files
 * it loads besides the entry's and the API answers it reads first.
 */
interface RoutePreloads {
  always: { js: string[]; data: string[] };
  /** Classic scripts the page runs before its first paint for someone signed in (newer builds only). */
  signedIn?: { scripts: string[] };
  routes: Array<{ path: string; js: string[]; css: string[]; data: string[] }>;
}

function readRoutePreloads(distDir: string): RoutePreloads | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(distDir, "route-preloads.json"), "utf8"));
    return Array.isArray(parsed?.routes) && Array.isArray(parsed?.always?.js) ? parsed : undefined;
  } catch {
    return undefined; // an older build, or none: index.html as it is
  }
}

/** Whether a route's path ("/staff/items/:itemId/history") matches an address's path. */
export function routeMatches(routePath: string, urlPath: string): boolean {
  const pattern = routePath.split("/").filter(Boolean);
  const actual = urlPath.split("/").filter(Boolean);
  return (
    pattern.length === actual.length &&
    pattern.every((segment, index) => segment.startsWith(":") || segment === actual[index])
  );
}

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * The scheme the page is sent in: the one the person chose (the app keeps it in a cookie), else light,
 * the app's default. Anything else in the cookie counts as no choice: only these two words reach the page.
 */
function requestedColorScheme(request: FastifyRequest): PageColorScheme {
  return pageColorScheme(request.cookies?.[COLOR_SCHEME_COOKIE]) ?? "light";
}

/**
 * index.html in a colour scheme, as Mantine marks it on the root element: the page's first paint is in
 * the person's scheme with no script run before it (decision 028).
 */
function pageInColorScheme(html: string, scheme: PageColorScheme): string {
  return html.replace(/<html\b/, `<html data-mantine-color-scheme="${scheme}"`);
}

/**
 * index.html with the hints for one address: the screen's chunks as module preloads, its styles, the
 * English strings and the API answers every page reads first, and, for someone signed in, the answers
 * the screen reads and the scripts it runs before its first paint (apps/web/public/intl-warm-up.js).
 * The app asks for all of these anyway, but only once its entry has downloaded and run; named in the
 * page, they download alongside the entry. The app's own requests must match the hints to use them:
 * same URL, CORS mode, same-origin credentials (apps/web's apiRequest).
 */
export function pageWithPreloads(
  html: string,
  preloads: RoutePreloads,
  urlPath: string,
  signedIn: boolean,
): string {
  const route = preloads.routes.find((candidate) => routeMatches(candidate.path, urlPath));
  const js = [...preloads.always.js, ...(route?.js ?? [])];
  const data = [...preloads.always.data, ...(signedIn ? (route?.data ?? []) : [])];
  const scripts = signedIn ? (preloads.signedIn?.scripts ?? []) : [];
  const tags = [
    ...data.map((href) => `<link rel="preload" href="${attribute(href)}" as="fetch" crossorigin>`),
    ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`),
    ...(route?.css ?? []).map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${attribute(file)}">`,
    ),
    // After the hints, so the files they name are already asked for while these run.
    ...scripts.map((file) => `<script src="/${attribute(file)}"></script>`),
  ];
  return html.replace("</head>", `${tags.map((tag) => `  ${tag}\n  `).join("")}</head>`);
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every other
 * GET outside /api answered with index.html so the app's own router decides (including its redirects).
 * The build writes a brotli and a gzip copy of each text file (apps/web/precompress.ts); a client that
 * accepts one gets it as it is, so no request spends CPU compressing the app. When the build lists
 * each screen's files (route-preloads.json), the page sent for a screen's address names them and is
 * sent in the person's colour scheme.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  options: SpaOptions = {},
): Promise<void> {
  const indexFile = path.join(distDir, "index.html");
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }
  const preloads = hasBuild ? readRoutePreloads(distDir) : undefined;
  const html = preloads ? fs.readFileSync(indexFile, "utf8") : "";
  // One page per screen, sign-in state and colour scheme: a handful of strings, made on first use.
  const pages = new Map<string, string>();
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith("/api");
    if (isPage && hasBuild) {
      reply.header("cache-control", "no-cache");
      if (!preloads) {
        return reply.sendFile("index.html");
      }
      const urlPath = request.url.split("?")[0] ?? "/";
      const signedIn = options.signedIn?.(request) ?? false;
      const scheme = requestedColorScheme(request);
      const route = preloads.routes.find((candidate) => routeMatches(candidate.path, urlPath));
      const key = `${route?.path ?? ""}|${signedIn}|${scheme}`;
      let page = pages.get(key);
      if (page === undefined) {
        page = pageInColorScheme(pageWithPreloads(html, preloads, urlPath, signedIn), scheme);
        pages.set(key, page);
      }
      return reply.type("text/html; charset=utf-8").send(page);
    }
    return sendError(reply, "NOT_FOUND", MESSAGES.notFound, { path: request.url.split("?")[0] });
  });
}
