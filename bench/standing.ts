/** Writes bench/README.md's standing of the budgets again from bench/results, without running anything. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeStanding } from "./lib/standing.ts";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
writeStanding(path.join(BENCH, "README.md"), path.join(BENCH, "results"));
