import type { Language } from "@wms/domain";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./en.json";
import { registerArabicServerTexts } from "./server-messages.ts";

export const DEFAULT_LANGUAGE: Language = "en";
export const SUPPORTED_LANGUAGES: readonly Language[] = ["en", "ar"];

/** Where the choice made before sign-in (and the last one made after) is remembered on this device. */
export const LANGUAGE_STORAGE_KEY = "wms.language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked (privacy settings): the choice lasts for the page only
  }
}

export function storedLanguage(): Language | undefined {
  const value = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : undefined;
}

/** The browser's preferred language when it is one we speak, else English. */
export function browserLanguage(): Language {
  const preferred =
    typeof navigator === "undefined" ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split("-")[0];
    if (isLanguage(base)) {
      return base;
    }
  }
  return DEFAULT_LANGUAGE;
}

/** The language the page opens in: the remembered choice, else the browser's. */
export function initialLanguage(): Language {
  return storedLanguage() ?? browserLanguage();
}

/** The language in use, as one of ours. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Switches the interface language without a reload and remembers it on this device. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage full or blocked: the choice still applies to this page
  }
  await loadTranslations(language);
  if (i18next.language !== language) {
    await i18next.changeLanguage(language);
  }
}

/**
 * English is in every page's entry: it is the fallback of every language, so every page needs it.
 * Arabic is a chunk of its own, fetched when first chosen, together with the translations of the
 * server's English messages.
 */
async function loadArabic(): Promise<Record<string, unknown>> {
  const [strings, serverTexts] = await Promise.all([import("./ar.json"), import("./server-messages-ar.ts")]);
  registerArabicServerTexts(serverTexts.localizeArabic);
  return strings.default;
}

async function loadTranslations(language: Language): Promise<void> {
  if (language === "ar" && !i18next.hasResourceBundle("ar", "translation")) {
    i18next.addResourceBundle("ar", "translation", await loadArabic(), true, true);
  }
}

/** Starts i18n in the remembered (or the browser's) language; the app renders once it resolves. */
export async function startI18n(): Promise<typeof i18next> {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadTranslations(language);
  applyLanguage(i18next.language);
  i18next.on("languageChanged", applyLanguage);
  return i18next;
}

/** <html lang dir> follow the language (Mantine's DirectionProvider follows through DirectionSync). */
function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18next.dir(language);
}

export { i18next };
