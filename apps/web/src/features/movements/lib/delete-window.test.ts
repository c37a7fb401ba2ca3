import { describe, expect, it } from "vitest";
import { minutesLeftNow } from "./delete-window.ts";

const answeredAt = Date.UTC(2026, 2, 12, 10, 0, 0);
const later = (minutes: number, seconds = 0) => answeredAt + minutes * 60_000 + seconds * 1000;

describe("minutesLeftNow", () => {
  it("is the server's count right after its answer", () => {
    expect(minutesLeftNow(10, answeredAt, answeredAt)).toBe(10);
    expect(minutesLeftNow(10, answeredAt, later(0, 59))).toBe(10);
  });

  it("counts down by the whole minutes passed since the answer", () => {
    expect(minutesLeftNow(10, answeredAt, later(1))).toBe(9);
    expect(minutesLeftNow(10, answeredAt, later(7, 30))).toBe(3);
  });

  it("reaches 0 and stays there: a dialog opened 12 minutes after the list no longer offers 10", () => {
    expect(minutesLeftNow(10, answeredAt, later(10))).toBe(0);
    expect(minutesLeftNow(10, answeredAt, later(12))).toBe(0);
    expect(minutesLeftNow(0, answeredAt, answeredAt)).toBe(0);
  });

  it("takes a clock behind the answer's time as no time passed", () => {
    expect(minutesLeftNow(4, answeredAt, answeredAt - 90_000)).toBe(4);
  });
});
