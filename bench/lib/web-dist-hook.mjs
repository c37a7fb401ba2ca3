// Loaded with `node --import` into the API child process by the benchmark only: serves the web build in
// BENCH_WEB_DIST (the benchmark's own `vite build`) instead of apps/web/dist, by resolving the server's
// spa.ts to a wrapper whose registerSpa defaults to that directory. Nothing of the product is changed.
import { register } from "node:module";

register("./web-dist-resolve.mjs", import.meta.url);
