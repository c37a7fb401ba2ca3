import i18next from "i18next";
import { describe, expect, it } from "vitest";
import ar from "../../../i18n/ar.json";
import en from "../../../i18n/en.json";
import { formatAed, formatQuantity, numberLocale } from "../../../lib/format-number.ts";
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

  it("matches formatting every position's figures, whatever their signs, sizes and decimals", () => {
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 7;
    const next = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const decimal = (scale: number, decimals: number, signed: boolean) => {
      const sign = signed && next() < 0.3 ? "-" : "";
      const whole = Math.floor(next() * scale);
      const fraction =
        decimals > 0 ? `.${String(Math.floor(next() * 10 ** decimals)).padStart(decimals, "0")}` : "";
      return `${sign}${whole}${fraction}`;
    };
    for (const locale of [numberLocale("en"), numberLocale("ar")]) {
      for (let round = 0; round < 200; round++) {
        const positions = Array.from({ length: 1 + Math.floor(next() * 12) }, () =>
          position(
            1,
            decimal(10 ** Math.floor(next() * 9), Math.floor(next() * 7), true),
            decimal(10 ** Math.floor(next() * 8), Math.floor(next() * 5), round % 3 === 0),
          ),
        );
        const expected = Math.max(
          ...positions.flatMap((p) => [
            formatQuantity(p.totalQuantity, locale).length,
            formatAed(p.totalValue, locale).replace(/^AED\s*/, "").length,
          ]),
        );
        expect(longestFigure(positions, locale), JSON.stringify(positions)).toBe(expected);
      }
    }
    // Rounding carries into another digit: "99,999.9996" shows as "100,000"; "-0.004" as "-0.00".
    expect(longestFigure([position(1, "1", "99999.9996"), position(1, "1", "99999")])).toBe(7);
    expect(longestFigure([position(1, "-0.004", "1")])).toBe(5);
  });
});
