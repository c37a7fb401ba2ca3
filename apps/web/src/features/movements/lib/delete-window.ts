/** One minute, in milliseconds. */
const MINUTE_MS = 60_000;

/**
 * The minutes left to delete a movement now, from the server's count at its answer (minutes rounded
 * up, by the database clock) less the whole minutes passed since that answer arrived. Never below 0;
 * the server still decides, so the count may be a minute generous, never a minute short.
 */
export function minutesLeftNow(minutesLeftAtAnswer: number, answeredAt: number, now: number): number {
  const elapsed = Math.max(0, now - answeredAt);
  return Math.max(0, minutesLeftAtAnswer - Math.floor(elapsed / MINUTE_MS));
}
