import { describe, expect, it } from "vitest";
import { lostRunsNote } from "./budget-rows.ts";
import { anchorOf } from "./grid-render.ts";
import { type LighthouseResult, lighthouseMedian } from "./lighthouse.ts";

/** A stand-in for one Lighthouse run: a score, or a run that ended with `runtimeError` and none. */
function run(score: number | null, runtimeError: string | null = null): LighthouseResult {
  return { url: "u", score, metrics: {}, opportunities: [], finalUrl: "u", runWarnings: [], runtimeError };
}

/** Answers the given runs in order, as lighthouseRun would one after another. */
function runsOf(...results: LighthouseResult[]) {
  let next = 0;
  return async () => {
    const result = results[next++];
    if (!result) {
      throw new Error("more runs asked for than given");
    }
    return result;
  };
}

describe("lighthouseMedian", () => {
  it("repeats a run lost to the trace instead of counting it as the lowest score", async () => {
    const median = await lighthouseMedian(
      "u",
      undefined,
      3,
      runsOf(run(96), run(null, "NO_NAVSTART"), run(90), run(97)),
    );
    expect(median.scores).toEqual([96, 90, 97]);
    expect(median.score).toBe(96);
    expect(median.lostRuns).toEqual(["NO_NAVSTART"]);
    expect(lostRunsNote(median.lostRuns)).toBe(
      "; 1 more run lost to Chromium's trace (NO_NAVSTART) and repeated",
    );
  });

  it("counts a page that never paints as the lowest score", async () => {
    const median = await lighthouseMedian(
      "u",
      undefined,
      3,
      runsOf(run(null, "NO_FCP"), run(null, "NO_FCP"), run(97)),
    );
    expect(median.scores).toEqual([null, null, 97]);
    expect(median.score).toBeNull();
    expect(median.lostRuns).toEqual([]);
    expect(lostRunsNote(median.lostRuns)).toBe("");
  });

  it("repeats lost runs at most as many times as it runs", async () => {
    const lost = run(null, "NO_TRACING_STARTED");
    const median = await lighthouseMedian("u", undefined, 2, runsOf(lost, lost, lost, lost));
    expect(median.lostRuns).toHaveLength(2);
    expect(median.scores).toEqual([null, null]);
  });
});

describe("anchorOf", () => {
  it("takes the median of the visits' grid anchors and keeps each, skipping visits without one", () => {
    expect(anchorOf([{ anchorMs: 88.1 }, {}, { anchorMs: 120 }, { anchorMs: 72.5 }])).toEqual({
      anchorMs: 88.1,
      anchorVisitsMs: [88.1, 120, 72.5],
    });
    expect(anchorOf([{}, {}])).toEqual({});
  });
});
