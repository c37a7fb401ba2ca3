import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { mantineModules } from "./mantine-modules.ts";
import { precompress } from "./precompress.ts";
import { routePreloads } from "./route-preloads.ts";

/**
 * The libraries every page runs before it can show anything (React, the router, i18next, TanStack
 * Query): one file, downloaded alongside the entry.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][^\\/]+|clsx)[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    mantineModules(),
    // What the server names in the page it sends for each screen (see route-preloads.ts).
    routePreloads({
      router: "src/app/router.tsx",
      alwaysData: ["/api/session", "/api/app-info"],
      // Every signed-in screen formats figures or dates (docs/decisions/020-intl-before-first-paint.md).
      signedInScripts: ["intl-warm-up.js"],
    }),
    precompress(),
  ],
  build: {
    outDir: "dist",
    rolldownOptions: {
      // No page imports the entry's exports: the bundler may drop them, which small-chunk inlining needs.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            // The schema library in a chunk of its own: otherwise the bundler may merge it with modules
            // shared by the same screens (number formatting, say), and screens that only format numbers
            // would download it too.
            { name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // Vite's module preload helper goes with them: every chunk that loads another uses it.
            {
              name: "framework",
              test: (id) => FRAMEWORK.test(id) || id.includes("vite/preload-helper"),
              priority: 1,
            },
          ],
          // Splitting by which screens share a module leaves dozens of files of a few hundred bytes
          // (one per Mantine component, say): a page would wait on 30 to 50 requests, six at a time
          // over HTTP/1.1. Such shared pieces are copied into the chunks that use them instead (one
          // module instance still, through the bundler's runtime), so a page loads a handful of files.
          experimentalInlineCommonChunks: { maxSize: 100_000 },
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
