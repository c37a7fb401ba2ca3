import { createHash } from "node:crypto";
import { median, round } from "./stats.ts";

/**
 * A fixed piece of CPU work (hashing, JSON, sorting: the kinds of work the API does), timed five times
 * in this process, median in ms. Run at the start and at the end of a benchmark, it shows how fast the
 * machine's CPU was and whether that changed during the run: shared 2-core machines of the same kind
 * differ from one another, and from one hour to the next, by up to 2x. The absolute budgets of
 * DESIGN.md section 8 move with it; the ratios to anchors measured in the same run much less.
 */
export function cpuCheckMs(): number {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    fixedWork();
    times.push(performance.now() - start);
  }
  return round(median(times));
}

function fixedWork(): void {
  const rows = Array.from({ length: 20_000 }, (_, n) => ({
    id: n,
    name: `item ${n}`,
    quantity: (n * 7919) % 1000,
  }));
  let digest = "";
  for (let pass = 0; pass < 5; pass++) {
    const parsed = JSON.parse(JSON.stringify(rows)) as typeof rows;
    parsed.sort((a, b) => a.quantity - b.quantity || a.id - b.id);
    digest = createHash("sha256")
      .update(digest)
      .update(JSON.stringify(parsed.slice(0, 100)))
      .digest("hex");
  }
  if (digest.length !== 64) {
    throw new Error("the CPU check's work did not run");
  }
}
