import type { Clock } from "../src/lib/clock.ts";

/** A clock tests move by hand; it starts at the real time so database defaults stay comparable. */
export class TestClock implements Clock {
  private current = Date.now();

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
