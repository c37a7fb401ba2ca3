import i18next from "i18next";
import { describe, expect, it } from "vitest";
import ar from "../i18n/ar.json";
import en from "../i18n/en.json";
import { createUnitTexts } from "./unit-format.ts";

const i18n = i18next.createInstance();
await i18n.init({
  lng: "en",
  resources: { en: { translation: en }, ar: { translation: ar } },
  interpolation: { escapeValue: false },
});

describe("units and quantities", () => {
  it("names a unit in the reader's language", () => {
    expect(createUnitTexts(i18n.getFixedT("en")).unitLabel("kilogram")).toBe("kilogram");
    expect(createUnitTexts(i18n.getFixedT("ar")).unitLabel("kilogram")).toBe("كيلوغرام");
  });

  it("shows a unit the translations do not name as it is stored", () => {
    expect(createUnitTexts(i18n.getFixedT("en")).unitLabel("sachet")).toBe("sachet");
  });

  it("writes a quantity with its unit, grouped and without trailing zeros", () => {
    const { withUnit } = createUnitTexts(i18n.getFixedT("en"));
    expect(withUnit("1250.500", "kilogram")).toBe("1,250.5 kilogram");
    expect(withUnit("3", "sachet")).toBe("3 sachet");
  });

  it("writes the unit in the reader's language beside the quantity", () => {
    expect(createUnitTexts(i18n.getFixedT("ar")).withUnit("12", "box")).toBe("12 صندوق");
  });
});
