import { describe, expect, it } from "vitest";
import { locationCode, sectionLabel, sectionLabels, shelfLabel, shelfLabels } from "./layout.ts";

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
