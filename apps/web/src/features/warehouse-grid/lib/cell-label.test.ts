import i18next from "i18next";
import { describe, expect, it } from "vitest";
import ar from "../../../i18n/ar.json";
import en from "../../../i18n/en.json";
import { createCellTexts, longestFigure } from "./cell-label.ts";

const i18n = i18next.createInstance();
await i18n.init({
  lng: "en",
  resources: { en: { translation: en }, ar: { translation: ar } },
  interpolation: { escapeValue: false },
});

const position = (itemCount: number, totalValue = "1250", totalQuantity = "12.5") => ({
  locationId: 1,
  kind: "grid" as const,
  shelf: "A",
  section: "03",
  totalQuantity,
  totalValue,
  itemCount,
});
const plain = { matched: false, selected: false, unavailable: false };

describe("a cell's texts", () => {
  it("says the code, the item count, the quantity and the value, and shows the figures", () => {
    const texts = createCellTexts(i18n.getFixedT("en"));
    expect(texts("A03", position(2), plain)).toEqual({
      label: "A03, 2 items, quantity 12.5, AED 1,250.00",
      quantity: "12.5",
      value: "1,250.00",
    });
    expect(texts("B01", position(1, "3"), plain).label).toBe("B01, 1 item, quantity 12.5, AED 3.00");
    expect(texts("A02", null, plain)).toEqual({ label: "A02, empty", quantity: null, value: null });
  });

  it("adds whether the cell matches, is selected or cannot be chosen", () => {
    const texts = createCellTexts(i18n.getFixedT("en"));
    expect(texts("A03", position(2), { matched: true, selected: true, unavailable: false }).label).toBe(
      "A03, 2 items, quantity 12.5, AED 1,250.00, matches the search, selected",
    );
    expect(texts("C03", null, { ...plain, unavailable: true }).label).toBe("C03, empty, cannot be chosen");
  });

  it("uses each Arabic plural form", () => {
    const texts = createCellTexts(i18n.getFixedT("ar"));
    expect(texts("A03", position(1), plain).label).toContain("صنف واحد");
    expect(texts("A03", position(2), plain).label).toContain("صنفان");
    expect(texts("A03", position(3), plain).label).toContain("3 أصناف");
    expect(texts("A03", position(11), plain).label).toContain("11 صنفًا");
    expect(texts("A03", position(2, "5", "1500"), plain).label).toBe("A03، صنفان، الكمية 1,500، AED 5.00");
  });
});

describe("the longest figure of a layout", () => {
  it("is the longest quantity or value any position shows, as the cells show them", () => {
    expect(longestFigure([])).toBe(0);
    // "1,250.00" (8) against "12.5" (4).
    expect(longestFigure([position(1)])).toBe(8);
    // "1,234,567.125" (13) is longer than "3.00".
    expect(longestFigure([position(1), position(2, "3", "1234567.125")])).toBe(13);
  });
});
