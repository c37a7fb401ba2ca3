/** The application's clock. Tests pass a controllable one; nothing else reads Date.now() directly. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
