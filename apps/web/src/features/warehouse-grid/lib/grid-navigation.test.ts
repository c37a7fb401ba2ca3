import { describe, expect, it } from "vitest";
import { nextCell } from "./grid-navigation.ts";

const size = { rows: 100, columns: 20 };
const press = (key: string, options: { ctrlKey?: boolean; rtl?: boolean } = {}) => ({
  key,
  ctrlKey: options.ctrlKey ?? false,
  rtl: options.rtl ?? false,
});

describe("moving between cells with the keyboard", () => {
  it("moves by one cell and stops at the edges", () => {
    expect(nextCell({ row: 5, column: 5 }, size, press("ArrowDown"))).toEqual({ row: 6, column: 5 });
    expect(nextCell({ row: 0, column: 5 }, size, press("ArrowUp"))).toEqual({ row: 0, column: 5 });
    expect(nextCell({ row: 5, column: 19 }, size, press("ArrowRight"))).toEqual({ row: 5, column: 19 });
  });

  it("mirrors left and right in right-to-left", () => {
    expect(nextCell({ row: 5, column: 5 }, size, press("ArrowLeft", { rtl: true }))).toEqual({
      row: 5,
      column: 6,
    });
    expect(nextCell({ row: 5, column: 5 }, size, press("ArrowRight", { rtl: true }))).toEqual({
      row: 5,
      column: 4,
    });
  });

  it("jumps to the row's ends with Home and End, and to the grid's corners with Ctrl", () => {
    expect(nextCell({ row: 5, column: 5 }, size, press("Home"))).toEqual({ row: 5, column: 0 });
    expect(nextCell({ row: 5, column: 5 }, size, press("End", { ctrlKey: true }))).toEqual({
      row: 99,
      column: 19,
    });
    expect(nextCell({ row: 5, column: 5 }, size, press("Enter"))).toBeNull();
  });
});
