/**
 * Quantities have at most 3 decimals, so sums are done in thousandths (integers) and never lose a
 * fraction to binary floating point.
 */
export function toThousandths(value: string | number): number {
  const number = Number(value);
  return Number.isFinite(number) ? Math.round(number * 1000) : 0;
}

export function fromThousandths(value: number): string {
  const sign = value < 0 ? "-" : "";
  const absolute = Math.abs(value);
  const whole = Math.floor(absolute / 1000);
  const fraction = String(absolute % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction === "" ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

export function sumQuantities(values: readonly (string | number)[]): string {
  return fromThousandths(values.reduce<number>((sum, value) => sum + toThousandths(value), 0));
}

/** What is left of `total` after the allocations (may be negative when over-allocated). */
export function unallocated(total: string | number, allocated: readonly (string | number)[]): string {
  return fromThousandths(toThousandths(total) - toThousandths(sumQuantities(allocated)));
}

export function isPositive(value: string | number): boolean {
  return toThousandths(value) > 0;
}
