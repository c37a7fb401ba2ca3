import {
  layoutClashesWithContainersMessage,
  MESSAGES,
  notEnoughStockMessage,
  warehouseHasStockMessage,
} from "@wms/domain";
import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import en from "./en.json";
import { localizeServerText, registerArabicServerTexts, translateServerText } from "./server-messages.ts";
import { AR_MESSAGES, localizeArabic } from "./server-messages-ar.ts";

// What loading the Arabic strings does (i18n/index.ts).
registerArabicServerTexts(localizeArabic);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") {
      result.set(path, value);
    } else {
      for (const [inner, text] of flatten(value, path)) {
        result.set(inner, text);
      }
    }
  }
  return result;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const ARABIC_FORMS = ["zero", "one", "two", "few", "many", "other"];
const base = (key: string) => key.replace(PLURAL, "");
const placeholders = (text: string) =>
  new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]));

const enKeys = flatten(en as Tree);
const arKeys = flatten(ar as Tree);

describe("the Arabic translation", () => {
  it("has exactly the keys of the English one (plural forms aside)", () => {
    const enBases = [...new Set([...enKeys.keys()].map(base))].sort();
    const arBases = [...new Set([...arKeys.keys()].map(base))].sort();
    expect(arBases).toEqual(enBases);
  });

  it("has every Arabic plural form where English has plurals", () => {
    const pluralBases = new Set([...enKeys.keys()].filter((key) => PLURAL.test(key)).map(base));
    for (const key of pluralBases) {
      for (const form of ARABIC_FORMS) {
        expect(arKeys.has(`${key}_${form}`), `${key}_${form}`).toBe(true);
      }
    }
    for (const key of arKeys.keys()) {
      if (PLURAL.test(key)) {
        expect(pluralBases.has(base(key)), key).toBe(true);
      }
    }
  });

  it("keeps the placeholders of every string", () => {
    for (const [key, english] of enKeys) {
      if (PLURAL.test(key)) {
        continue;
      }
      expect([...placeholders(arKeys.get(key) ?? "")].sort(), key).toEqual([...placeholders(english)].sort());
    }
  });

  it("names a control by its visible words too (WCAG 2.5.3): an xLabel holds the text of x", () => {
    for (const keys of [enKeys, arKeys]) {
      for (const [key, label] of keys) {
        const visible = key.endsWith("Label") ? keys.get(key.slice(0, -"Label".length)) : undefined;
        if (visible !== undefined) {
          expect(label.toLowerCase(), key).toContain(visible.toLowerCase());
        }
      }
    }
  });

  it("keeps the placeholders of plural strings (the count may be said in words)", () => {
    const pluralBases = new Set([...enKeys.keys()].filter((key) => PLURAL.test(key)).map(base));
    for (const key of pluralBases) {
      const english = placeholders(enKeys.get(`${key}_other`) ?? "");
      const others = [...english].filter((name) => name !== "count").sort();
      for (const form of ARABIC_FORMS) {
        const arabic = placeholders(arKeys.get(`${key}_${form}`) ?? "");
        expect([...arabic].filter((name) => name !== "count").sort(), `${key}_${form}`).toEqual(others);
        if (form === "few" || form === "many" || form === "other") {
          expect(arabic.has("count"), `${key}_${form} shows the number`).toBe(english.has("count"));
        }
      }
    }
  });

  it("translates every string that is not a pure placeholder pattern or a product name", () => {
    const untranslatable = /^[\s{}\w.()%·:–—→←-]*$/;
    for (const [key, english] of enKeys) {
      const arabic = arKeys.get(key) ?? "";
      if (
        key === "common.defaultTitle" ||
        untranslatable.test(english.replaceAll(/\{\{\s*\w+\s*\}\}/g, ""))
      ) {
        continue;
      }
      expect(arabic, key).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe("server messages in Arabic", () => {
  it("translates every fixed message, and leaves English untouched", () => {
    for (const text of Object.values(MESSAGES)) {
      expect(translateServerText(text, "ar"), text).toMatch(/[\u0600-\u06FF]/);
      expect(localizeServerText(text, "en")).toBe(text);
    }
  });

  it("carries the numbers of built messages over", () => {
    expect(localizeServerText(notEnoughStockMessage("12.5"), "ar")).toContain("12.5");
    expect(localizeServerText(warehouseHasStockMessage(7), "ar")).toContain("7");
    const clash = localizeServerText(layoutClashesWithContainersMessage(["K01", "L"], 10), "ar");
    expect(clash).toMatch(/[\u0600-\u06FF]/);
    expect(clash).toContain("K01, L");
    expect(localizeServerText("Name must be at most 60 characters", "ar")).toBe(
      "يجب ألا يزيد الاسم على 60 حرفًا",
    );
    expect(localizeServerText("Quantity must be less than 1,000,000,000", "ar")).toMatch(
      /^يجب أن يكون .+ أقل من 1,000,000,000$/,
    );
    expect(translateServerText("Something the server never said", "ar")).toBeUndefined();
  });

  it("translates every per-row message of a bulk upload's preview and result", () => {
    for (const message of [
      "Quantity must be a whole number for pieces",
      "A quoted field is not closed",
      "A quoted field is malformed",
      "Invalid value",
      `${MESSAGES.itemNoTaken} (rows 2 to 40)`,
    ]) {
      expect(translateServerText(message, "ar"), message).toMatch(/[\u0600-\u06FF]/);
    }
    expect(localizeServerText("Quantity must be a whole number for pieces", "ar")).toContain("قطعة");
    expect(localizeServerText(`${MESSAGES.itemNoTaken} (rows 2 to 40)`, "ar")).toBe(
      `${AR_MESSAGES.itemNoTaken} (الصفوف 2 إلى 40)`,
    );
  });

  it("translates the unit in the title of a Single Item Summary's days, keeping the item as named", () => {
    expect(localizeServerText("TEA-1 Karak (Tea) (kilogram), 2026-03", "ar")).toBe(
      "TEA-1 Karak (Tea) (كيلوغرام)، 2026-03",
    );
  });
});
