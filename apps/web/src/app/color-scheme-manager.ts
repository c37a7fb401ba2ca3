import { localStorageColorSchemeManager, type MantineColorSchemeManager } from "@mantine/core";
import { COLOR_SCHEME_COOKIE, type PageColorScheme, pageColorScheme } from "@wms/domain";

/** Where the scheme is kept on this device (Mantine's default key, as the app has always used). */
export const COLOR_SCHEME_STORAGE_KEY = "mantine-color-scheme-value";

/** A year: a preference outlives sessions. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** What the manager reads and writes in the page; the browser's, but for tests. */
export interface ColorSchemePage {
  /** The scheme the server sent the page in (its root element's data-mantine-color-scheme). */
  sentScheme(): string | null;
  /** Sets the cookie to the scheme, or removes it. */
  writeCookie(scheme: PageColorScheme | undefined): void;
}

const browserPage: ColorSchemePage = {
  sentScheme: () => document.documentElement.getAttribute("data-mantine-color-scheme"),
  writeCookie: (scheme) => {
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    const value = scheme ? `${scheme}; Max-Age=${COOKIE_MAX_AGE_S}` : "; Max-Age=0";
    // The Cookie Store API is not in every browser the app supports; this line is the one place that
    // writes a cookie from script, and it holds a preference, never a secret.
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = `${COLOR_SCHEME_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
  },
};

/**
 * Mantine's browser-storage manager, still the record of the scheme on this device and how other tabs
 * hear of a change, plus a cookie that tells the server, which sends each page already in the scheme
 * (apps/api/src/http/spa.ts): no script has to run before the first paint (decision 028). Reading the
 * page's scheme costs nothing; reading document.cookie does, so the cookie is only ever written, and
 * only when the page came in another scheme than the saved one (a scheme saved before the cookie
 * existed, or a cookie that expired) or the person changes it.
 */
export function cookieColorSchemeManager(page: ColorSchemePage = browserPage): MantineColorSchemeManager {
  const storage = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
  let cookieChecked = false;
  return {
    ...storage,
    get: (defaultValue) => {
      const saved = storage.get(defaultValue);
      if (!cookieChecked) {
        cookieChecked = true;
        const scheme = pageColorScheme(saved);
        if (scheme && page.sentScheme() !== scheme) {
          page.writeCookie(scheme);
        }
      }
      return saved;
    },
    set: (value) => {
      storage.set(value);
      page.writeCookie(pageColorScheme(value));
    },
    clear: () => {
      storage.clear();
      page.writeCookie(undefined);
    },
  };
}
