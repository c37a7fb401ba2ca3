export function percentile(values: number[], p: number): number {
  if (values.length === 0) {
    return Number.NaN;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (values: number[]) => percentile(values, 50);
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export function summary(values: number[]) {
  return {
    n: values.length,
    min: round(Math.min(...values)),
    p50: round(median(values)),
    p95: round(percentile(values, 95)),
    max: round(Math.max(...values)),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
