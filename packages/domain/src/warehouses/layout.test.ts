import { describe, expect, it } from "vitest";
import { MESSAGES } from "../common/messages.ts";
import {
  containerShelfClash,
  containerShelfNameProblem,
  layoutContainerClashes,
  locationCode,
  sectionLabel,
  sectionLabels,
  shelfLabel,
  shelfLabels,
} from "./layout.ts";

describe("shelf labels", () => {
  it("runs A to Z for the first 26 shelves", () => {
    expect(shelfLabel(1)).toBe("A");
    expect(shelfLabel(26)).toBe("Z");
  });

  it("continues with two letters: the 27th shelf is AA, the 52nd AZ, the 53rd BA", () => {
    expect(shelfLabel(27)).toBe("AA");
    expect(shelfLabel(28)).toBe("AB");
    expect(shelfLabel(52)).toBe("AZ");
    expect(shelfLabel(53)).toBe("BA");
  });

  it("labels the 100th shelf CV and keeps every label of a 100-shelf warehouse unique", () => {
    expect(shelfLabel(100)).toBe("CV");
    const labels = shelfLabels(100);
    expect(new Set(labels).size).toBe(100);
    expect(labels.at(-1)).toBe("CV");
  });

  it("refuses positions outside the layout", () => {
    expect(() => shelfLabel(0)).toThrow(RangeError);
    expect(() => shelfLabel(1.5)).toThrow(RangeError);
  });
});

describe("sections and location codes", () => {
  it("pads sections to two digits", () => {
    expect(sectionLabel(1)).toBe("01");
    expect(sectionLabel(20)).toBe("20");
    expect(sectionLabels(3)).toEqual(["01", "02", "03"]);
  });

  it("joins warehouse, shelf and section, and leaves the section off a container shelf", () => {
    expect(locationCode("WH1", "B", "03")).toBe("WH1B03");
    expect(locationCode("WH1", "COLD", null)).toBe("WH1COLD");
  });
});

describe("container shelf names (product-decisions 11)", () => {
  it("refuses a grid shelf's label, in a warehouse that has that shelf", () => {
    expect(containerShelfClash("B", 10)).toBe("B");
    expect(containerShelfClash("AA", 27)).toBe("AA");
    expect(containerShelfNameProblem("J", 10)).toBe(MESSAGES.containerShelfIsGridShelf);
  });

  it("refuses a shelf label followed by a number, whose code would read as that shelf's position", () => {
    for (const name of ["A01", "A1", "A001", "C 02", "AB12"]) {
      expect(containerShelfClash(name, 30), name).toBe(name.replace(/[\s\d]/g, ""));
      expect(containerShelfNameProblem(name, 30), name).toBe(MESSAGES.containerShelfLooksLikePosition);
    }
    // WH + 'A01' is the code of grid shelf A, section 01 as well.
    expect(locationCode("WH", "A01", null)).toBe(locationCode("WH", "A", sectionLabel(1)));
  });

  it("accepts names no grid shelf of this warehouse reads as", () => {
    for (const name of ["COLD", "COLD ROOM", "K01", "K", "A-01", "A01X", "01", "1A", "ABC1", "ÉTAGE 2"]) {
      expect(containerShelfClash(name, 10), name).toBeNull();
      expect(containerShelfNameProblem(name, 10), name).toBeNull();
    }
  });

  it("ignores sections: only the shelves decide, so more sections never make a name ambiguous", () => {
    expect(containerShelfClash("A20", 1)).toBe("A");
    expect(containerShelfClash("B01", 1)).toBeNull();
  });
});

describe("a layout change against existing container shelves", () => {
  it("finds the container shelves named like a shelf the new layout adds", () => {
    expect(layoutContainerClashes(["K", "COLD", "K01", "L7"], 10, 11)).toEqual([
      { container: "K", shelf: "K" },
      { container: "K01", shelf: "K" },
    ]);
    expect(layoutContainerClashes(["K", "COLD", "K01", "L7"], 10, 12)).toHaveLength(3);
    expect(layoutContainerClashes(["AA"], 26, 27)).toEqual([{ container: "AA", shelf: "AA" }]);
  });

  it("lets a layout shrink, keep its shelves or grow past nothing ambiguous", () => {
    expect(layoutContainerClashes(["K", "K01"], 10, 10)).toEqual([]);
    expect(layoutContainerClashes(["K", "K01"], 10, 5)).toEqual([]);
    expect(layoutContainerClashes(["COLD", "Z99"], 10, 20)).toEqual([]);
  });

  it("does not blame a change for a clash with a shelf the warehouse already had", () => {
    expect(layoutContainerClashes(["A01"], 10, 11)).toEqual([]);
  });
});
