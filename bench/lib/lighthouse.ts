import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium.ts";

export interface LighthouseResult {
  url: string;
  score: number | null;
  metrics: Record<string, number | null>;
  opportunities: Array<Record<string, unknown>>;
  finalUrl: string;
  runWarnings: string[];
  /** Why Lighthouse gave no score, when it did not (its error code, "NO_LCP" say). */
  runtimeError: string | null;
}

/**
 * Errors of Chromium's trace rather than of the page: about one Lighthouse run in fifteen here ends
 * with NO_NAVSTART (the trace lacks the main frame's navigationStart event, a known upstream fault),
 * whatever page it loads. Such a run says nothing about the page, so it is repeated instead of being
 * counted as the lowest score. A page that fails to paint (NO_FCP, NO_LCP, ...) is still a failure.
 */
export const TRACE_FAULTS: ReadonlySet<string> = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);

/**
 * Lighthouse `runs` times, answering the run of the median score with every run's score. Lighthouse's
 * own guidance for variable machines: one run's score here swings from 89 to 96 on the same build. A
 * run lost to a fault of the trace (TRACE_FAULTS) is repeated, up to `runs` repeats in all, and named
 * in `lostRuns`.
 */
export async function lighthouseMedian(
  url: string,
  cookie: string | undefined,
  runs: number,
  runOnce: (url: string, cookie?: string) => Promise<LighthouseResult> = lighthouseRun,
): Promise<LighthouseResult & { scores: Array<number | null>; lostRuns: string[] }> {
  const results: LighthouseResult[] = [];
  const lostRuns: string[] = [];
  while (results.length < runs) {
    const result = await runOnce(url, cookie);
    if (result.runtimeError && TRACE_FAULTS.has(result.runtimeError) && lostRuns.length < runs) {
      lostRuns.push(result.runtimeError);
    } else {
      results.push(result);
    }
  }
  const sorted = [...results].sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) {
    throw new Error("lighthouseMedian needs at least one run");
  }
  return { ...middle, scores: results.map((result) => result.score), lostRuns };
}

export interface LighthouseOptions {
  /**
   * Lighthouse's simulated CPU slowdown (its mobile default: 4). A fast machine stands in for a slower
   * one at a higher figure (decision 020); the budgets are measured at the default.
   */
  cpuSlowdown?: number;
  /** Writes the whole report (JSON) to this file too, for the audits the result does not keep. */
  reportFile?: string;
}

/** Lighthouse (default mobile config, simulated throttling, performance only) in Debian's Chromium. */
export async function lighthouseRun(
  url: string,
  cookie?: string,
  options: LighthouseOptions = {},
): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      // Merged into the default throttling: the network's figures stay those of slow 4G.
      ...(options.cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } } : {}),
    });
    const lhr = result?.lhr;
    if (options.reportFile && lhr) {
      fs.mkdirSync(path.dirname(options.reportFile), { recursive: true });
      fs.writeFileSync(options.reportFile, JSON.stringify(lhr));
    }
    const metric = (id: string) => lhr?.audits[id]?.numericValue ?? null;
    return {
      url,
      score:
        lhr?.categories.performance?.score == null
          ? null
          : Math.round(lhr.categories.performance.score * 100),
      metrics: {
        fcpMs: metric("first-contentful-paint"),
        lcpMs: metric("largest-contentful-paint"),
        tbtMs: metric("total-blocking-time"),
        cls: metric("cumulative-layout-shift"),
        speedIndexMs: metric("speed-index"),
      },
      // What Lighthouse itself says costs the most: failing audits with their estimated savings.
      opportunities: Object.values(lhr?.audits ?? {})
        .filter(
          (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative",
        )
        .map((audit) => ({
          id: audit.id,
          score: audit.score,
          displayValue: audit.displayValue ?? "",
          savingsMs: (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? null,
          savingsBytes:
            (audit.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? null,
        }))
        .slice(0, 12),
      finalUrl: lhr?.finalDisplayedUrl ?? url,
      runWarnings: lhr?.runWarnings ?? [],
      runtimeError: lhr?.runtimeError?.code ?? (lhr ? null : "NO_RESULT"),
    };
  } finally {
    chrome.kill();
  }
}
