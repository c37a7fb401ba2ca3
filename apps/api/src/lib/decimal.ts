/**
 * Exact decimal arithmetic for quantities (up to 3 decimals) as integer thousandths in BigInt, for
 * summing the deltas of one request. Stored balances are only ever changed in SQL.
 */
const SCALE = 3;
const FACTOR = 10n ** BigInt(SCALE);

export function toThousandths(value: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,3}))?$/.exec(value.trim());
  if (!match) {
    throw new RangeError(`Not a quantity with at most ${SCALE} decimals: ${value}`);
  }
  const [, sign, whole = "0", fraction = ""] = match;
  const magnitude = BigInt(whole) * FACTOR + BigInt(fraction.padEnd(SCALE, "0"));
  return sign ? -magnitude : magnitude;
}

export function fromThousandths(value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / FACTOR;
  const fraction = (magnitude % FACTOR).toString().padStart(SCALE, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
