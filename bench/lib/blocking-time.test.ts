import { describe, expect, it } from "vitest";
import { blockingTimeMs } from "./blocking-time.ts";

const ms = (value: number) => value * 1000;

describe("blocking time of a real load", () => {
  it("counts each task's time past its first 50 ms", () => {
    const tasks = [
      { ts: ms(100), dur: ms(120) },
      { ts: ms(300), dur: ms(50) },
      { ts: ms(400), dur: ms(49) },
      { ts: ms(500), dur: ms(51) },
    ];
    expect(blockingTimeMs(tasks, 0, ms(10_000))).toBe(71);
  });

  it("counts only what falls after the first paint and before the window's end", () => {
    // Blocking from 150 to 220 ms: 50 ms after a paint at 170 ms, 50 ms before an end at 200 ms, none after 230.
    expect(blockingTimeMs([{ ts: ms(100), dur: ms(120) }], ms(170), ms(10_000))).toBe(50);
    expect(blockingTimeMs([{ ts: ms(100), dur: ms(120) }], 0, ms(200))).toBe(50);
    expect(blockingTimeMs([{ ts: ms(100), dur: ms(120) }], ms(230), ms(10_000))).toBe(0);
  });
});
