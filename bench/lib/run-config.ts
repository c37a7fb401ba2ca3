import type { DatasetSize } from "./dataset.ts";

/** What a run measures on, and how often: a full run's data set, or a quick run's smaller one. */
export interface RunConfig {
  mode: "full" | "quick";
  size: DatasetSize;
  /** The catalogue's size for the search benchmark. */
  searchItems: number;
  /** Seconds of each load (pgbench's TPC-B, the movement POST); a third of it for each replay round. */
  loadSeconds: number;
  warmupSeconds: number;
  /** Timed runs of each report, after an untimed one. */
  reportRuns: number;
  /** Timed requests of the grid API, after an untimed one. */
  gridRuns: number;
  /** Rounds of the search terms. */
  searchRounds: number;
  /** Rows of the CSV upload. */
  csvRows: number;
  /**
   * One grid visit's figure moves by up to 2x on a shared 2-core machine, one Lighthouse run's
   * dashboard score by 20 points: the budgets take the median of several, enough that one slow visit
   * or run does not decide them.
   */
  gridVisits: number;
  lighthouseRuns: number;
  /** Rounds alternating the movement POST and its replay (movementAgainstReplay). */
  replayRounds: number;
}

/** Clients of every load: pgbench's, the replay's and the API's alike. */
export const CONNECTIONS = 8;

export function runConfig(quick: boolean): RunConfig {
  return quick
    ? {
        mode: "quick",
        size: { items: 2_000, movements: 100_000, warehouses: 20, months: 13 },
        searchItems: 100_000,
        loadSeconds: 10,
        warmupSeconds: 2,
        reportRuns: 2,
        gridRuns: 5,
        searchRounds: 3,
        csvRows: 100_000,
        // Fewer repeats than a full run: a quick run is for trying a change, and these three are most
        // of its time (its verdicts are the full run's at a smaller scale, not the standing's).
        gridVisits: 5,
        lighthouseRuns: 3,
        replayRounds: 2,
      }
    : {
        mode: "full",
        size: { items: 10_000, movements: 1_000_000, warehouses: 20, months: 13 },
        searchItems: 100_000,
        loadSeconds: 30,
        warmupSeconds: 5,
        reportRuns: 3,
        gridRuns: 20,
        searchRounds: 6,
        csvRows: 100_000,
        gridVisits: 7,
        lighthouseRuns: 5,
        replayRounds: 3,
      };
}

/** A line of the run's log, with the time of day. */
export const log = (message: string) =>
  process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
