/** A main-thread task as Chromium's trace gives it: its start and duration, in µs. */
export interface TraceTask {
  ts: number;
  dur?: number;
}

/** A task blocks input for whatever it runs past its first 50 ms. */
const BLOCKING_AFTER_US = 50_000;

/**
 * Lighthouse's total blocking time, by its own rule, but over the tasks of a real load (throttled or
 * not) rather than over Lighthouse's simulation, which multiplies an unthrottled load's tasks: each
 * task's time past its first 50 ms, counting only what falls between `fromUs` (the first contentful
 * paint) and `toUs`. In ms.
 */
export function blockingTimeMs(tasks: readonly TraceTask[], fromUs: number, toUs: number): number {
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const start = Math.max(task.ts + BLOCKING_AFTER_US, fromUs);
    blocking += Math.max(0, Math.min(end, toUs) - start);
  }
  return blocking / 1000;
}
