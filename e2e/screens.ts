import type { Locator, Page } from "playwright-core";
import ar from "../apps/web/src/i18n/ar.json";
import en from "../apps/web/src/i18n/en.json";

/**
 * Every screen of the app and every dialog opened from it, as tables the layout (arabic.test.ts) and
 * axe-core (accessibility.test.ts) checks walk through in one browser session. Labels come from the
 * app's own translations, so the same table drives the English and the Arabic runs.
 */

export type Language = "en" | "ar";

type Tree = { [key: string]: string | Tree };
const TRANSLATIONS: Record<Language, Tree> = { en: en as Tree, ar: ar as Tree };

/** The app's text for a key in a language, with its {{placeholders}} filled in. */
export function tr(language: Language, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = TRANSLATIONS[language];
  for (const part of key.split(".")) {
    node = typeof node === "object" ? node[part] : undefined;
  }
  if (typeof node !== "string") {
    throw new Error(`no ${language} text for ${key}`);
  }
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** What the screens show: made through the API before a run. */
export interface ScreenData {
  warehouse: { id: number; name: string };
  /** An item with stock at A01 of the warehouse, moved by the e2e admin today. */
  item: { id: number; itemNo: string; name: string };
  /** An empty container shelf of the warehouse (upper case). */
  shelf: string;
  /** A staff member's display name (for the reset-password dialog). */
  staffName: string;
  /** The reason of one of the item's movements, shown once its history has loaded. */
  reason: string;
}

/** A dialog opened from a screen: what to press, and the dialog's accessible name. */
export interface DialogView {
  kind: "dialog";
  name: string;
  /** Opens what the opener sits in (another dialog), when it is not on the screen itself. */
  prepare?: (page: Page, language: Language) => Promise<void>;
  opener: (page: Page, language: Language) => Locator;
  /** A key pressed on the focused opener instead of a click (the container shelf's Delete key). */
  key?: string;
  title: (language: Language) => string;
  /** Waits for what the dialog loads, or brings it into a state worth checking. */
  ready?: (dialog: Locator, page: Page, language: Language) => Promise<void>;
}

/** A state of the screen itself reached by an action (a report generated, a row expanded). */
export interface StateView {
  kind: "state";
  name: string;
  reach: (page: Page, language: Language) => Promise<void>;
}

export type View = DialogView | StateView;

export interface Screen {
  name: string;
  path: string;
  /** Waits for what the screen loads beyond its heading. */
  ready?: (page: Page, language: Language) => Promise<void>;
  /** Dialogs and states opened from the screen, in order (a state stays for the views after it). */
  views?: View[];
}

const dialog = (
  name: string,
  opener: DialogView["opener"],
  title: DialogView["title"],
  more: Partial<DialogView> = {},
): DialogView => ({ kind: "dialog", name, opener, title, ...more });

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).first();

/** The pages reachable signed out. */
export const PUBLIC_SCREENS: Screen[] = [
  { name: "landing", path: "/" },
  { name: "admin-login", path: "/wmscontrolpaneladmin/login" },
  {
    name: "staff-login",
    path: "/staff/login",
    views: [
      {
        kind: "state",
        name: "refused",
        reach: async (page, language) => {
          await page
            .getByRole("textbox", { name: tr(language, "common.email"), exact: true })
            .fill("nobody@example.com");
          await page
            .getByRole("textbox", { name: tr(language, "common.password"), exact: true })
            .fill("wrong password");
          await page.getByRole("button", { name: tr(language, "login.submit") }).click();
          await page.getByRole("alert").first().waitFor();
        },
      },
    ],
  },
  // With a token in the link the setup form shows (the token is only checked when sent).
  { name: "setup", path: "/setup#token=layout-check" },
  { name: "unauthorized", path: "/unauthorized" },
];

const ADMIN = "/wmscontrolpaneladmin";

/** The Movements screen's dialogs that admins and staff both open. */
const ADD_MOVEMENT = dialog(
  "add-movement",
  (page, language) => button(page, tr(language, "movements.add")),
  (language) => tr(language, "movements.addTitle"),
);
const LAST_MOVEMENT = dialog(
  "last-movement",
  (page, language) => button(page, tr(language, "movements.last")),
  (language) => tr(language, "movements.lastTitle"),
  { ready: (shown) => shown.locator('[aria-busy="true"]').waitFor({ state: "detached" }) },
);

/** Generates a report of a type on the Reports screen. */
function reportState(type: string, shown: (page: Page) => Promise<void>): StateView {
  return {
    kind: "state",
    name: type,
    reach: async (page, language) => {
      await page.getByRole("combobox", { name: tr(language, "reports.type"), exact: true }).click();
      await page.getByRole("option", { name: tr(language, `reports.types.${type}`), exact: true }).click();
      await page.getByRole("button", { name: tr(language, "reports.search"), exact: true }).click();
      await shown(page);
    },
  };
}

export function adminScreens(data: ScreenData): Screen[] {
  const { warehouse, item, shelf, staffName } = data;
  const storageLocation = dialog(
    "add-storage-location",
    (page, language) => button(page, tr(language, "storageLocation.buttonLabel", { name: item.name })),
    (language) => tr(language, "storageLocation.title"),
  );
  return [
    { name: "admin-dashboard", path: `${ADMIN}/dashboard` },
    {
      name: "admin-warehouses",
      path: `${ADMIN}/warehouses`,
      ready: (page) => page.getByRole("article", { name: warehouse.name, exact: true }).waitFor(),
      views: [
        dialog(
          "add-warehouse",
          (page, language) => button(page, tr(language, "warehouses.add")),
          (language) => tr(language, "warehouses.addTitle"),
        ),
        dialog(
          "add-container-shelf",
          (page, language) =>
            button(page, tr(language, "warehouses.addContainerShelfLabel", { name: warehouse.name })),
          (language) => tr(language, "warehouses.containerShelfTitle", { name: warehouse.name }),
        ),
        dialog(
          "admin-credentials",
          (page, language) => button(page, tr(language, "warehouses.editLabel", { name: warehouse.name })),
          (language) => tr(language, "warehouses.credentialsTitle"),
        ),
      ],
    },
    {
      name: "admin-warehouse-layout",
      path: `${ADMIN}/warehouses/${warehouse.id}`,
      ready: (page) => page.getByTestId("warehouse-grid").locator('[data-position="A01"]').waitFor(),
      views: [
        dialog(
          "location",
          (page) => page.getByTestId("warehouse-grid").locator('[data-position="A01"]'),
          (language) => tr(language, "grid.locationTitle", { code: `${warehouse.name}A01` }),
          { ready: (shown) => shown.getByRole("table").waitFor() },
        ),
        dialog(
          "delete-container-shelf",
          (page) => page.locator(`[data-position="${shelf}"]`),
          (language) => tr(language, "grid.deleteShelfTitle", { shelf }),
          { key: "Delete" },
        ),
      ],
    },
    {
      name: "admin-items",
      path: `${ADMIN}/items?search=${encodeURIComponent(item.itemNo)}`,
      ready: (page) => page.getByText(item.name).first().waitFor(),
      views: [
        dialog(
          "add-item",
          (page, language) => button(page, tr(language, "items.add")),
          (language) => tr(language, "items.addTitle"),
        ),
        dialog(
          "add-item-errors",
          (page, language) => button(page, tr(language, "items.add")),
          (language) => tr(language, "items.addTitle"),
          {
            ready: async (shown, _page, language) => {
              await shown.getByRole("button", { name: tr(language, "items.submitAdd"), exact: true }).click();
              await shown.locator('[aria-invalid="true"]').first().waitFor();
            },
          },
        ),
        dialog(
          "bulk-upload",
          (page, language) => button(page, tr(language, "bulkUpload.open")),
          (language) => tr(language, "bulkUpload.title"),
        ),
        storageLocation,
        dialog(
          "layout-chooser",
          (page, language) =>
            page.getByRole("dialog", { name: tr(language, "storageLocation.title") }).getByRole("button", {
              name: tr(language, "grid.chooseOnLayoutLabel", {
                field: tr(language, "storageLocation.location"),
              }),
            }),
          (language) => tr(language, "grid.chooseTitle", { field: tr(language, "storageLocation.location") }),
          {
            prepare: async (page, language) => {
              await storageLocation.opener(page, language).click();
              await page.getByRole("dialog", { name: storageLocation.title(language) }).waitFor();
            },
            ready: (shown) => shown.getByTestId("warehouse-grid").waitFor(),
          },
        ),
        dialog(
          "confirm-delete-item",
          (page, language) => button(page, tr(language, "items.deleteLabel", { name: item.name })),
          (language) => tr(language, "items.deleteTitle", { name: item.name }),
        ),
      ],
    },
    {
      name: "admin-item-history",
      path: `${ADMIN}/items/${item.id}/history`,
      ready: (page) => page.getByText(data.reason).first().waitFor(),
    },
    {
      name: "admin-staff",
      path: `${ADMIN}/staff`,
      views: [
        dialog(
          "add-staff",
          (page, language) => button(page, tr(language, "staff.add")),
          (language) => tr(language, "staff.addTitle"),
        ),
        dialog(
          "reset-password",
          (page, language) => button(page, tr(language, "staff.resetLabel", { name: staffName })),
          (language) => tr(language, "staff.resetTitle", { name: staffName }),
        ),
      ],
    },
    {
      name: "admin-movements",
      path: `${ADMIN}/movements?search=${encodeURIComponent(item.itemNo)}`,
      ready: (page, language) =>
        page
          .getByRole("table", { name: tr(language, "movements.tableLabel") })
          .getByText(item.itemNo)
          .first()
          .waitFor(),
      views: [
        ADD_MOVEMENT,
        dialog(
          "new-purchase",
          (page, language) => button(page, tr(language, "purchases.open")),
          (language) => tr(language, "purchases.title"),
        ),
        LAST_MOVEMENT,
        dialog(
          "edit-reason",
          (page, language) => button(page, tr(language, "movements.editLabel", { name: item.name })),
          (language) => tr(language, "movements.editTitle"),
        ),
      ],
    },
    {
      name: "admin-reports",
      path: `${ADMIN}/reports`,
      views: [
        // Valuation has charts; Movement History's headings and types come from the server.
        reportState("valuation", (page) => page.locator("main .recharts-wrapper").first().waitFor()),
        reportState("movement-history", async (page) => {
          await page.locator("main .recharts-wrapper").first().waitFor({ state: "detached" });
          await page.locator("main table").first().waitFor();
        }),
      ],
    },
    {
      name: "admin-audit",
      path: `${ADMIN}/audit?entity=item&search=${encodeURIComponent(item.itemNo)}`,
      ready: (page) => page.locator("main table button[aria-expanded]").first().waitFor(),
      views: [
        {
          kind: "state",
          name: "expanded",
          reach: async (page) => {
            await page.locator('main table button[aria-expanded="false"]').first().click();
            await page.locator('main table button[aria-expanded="true"]').first().waitFor();
          },
        },
      ],
    },
    { name: "admin-account", path: `${ADMIN}/account` },
  ];
}

export function staffScreens(data: ScreenData): Screen[] {
  const { warehouse, item } = data;
  return [
    { name: "staff-dashboard", path: "/staff/dashboard" },
    {
      name: "staff-warehouse",
      path: `/staff/warehouse?warehouse=${warehouse.id}`,
      ready: (page) => page.getByTestId("warehouse-grid").locator('[data-position="A01"]').waitFor(),
      views: [
        dialog(
          "location",
          (page) => page.getByTestId("warehouse-grid").locator('[data-position="A01"]'),
          (language) => tr(language, "grid.locationTitle", { code: `${warehouse.name}A01` }),
          { ready: (shown) => shown.getByRole("table").waitFor() },
        ),
      ],
    },
    {
      name: "staff-items",
      path: `/staff/items?search=${encodeURIComponent(item.itemNo)}`,
      ready: (page) => page.getByText(item.name).first().waitFor(),
    },
    {
      name: "staff-item-history",
      path: `/staff/items/${item.id}/history`,
      ready: (page) => page.getByText(data.reason).first().waitFor(),
    },
    {
      name: "staff-movements",
      path: "/staff/movements",
      views: [ADD_MOVEMENT, LAST_MOVEMENT],
    },
    { name: "staff-account", path: "/staff/account" },
  ];
}

/**
 * Opens a dialog view, by a click or (`keyboard`) by Enter on its focused opener; returns the dialog
 * and what opened it (where the focus must come back to).
 */
export async function openDialog(
  page: Page,
  view: DialogView,
  language: Language,
  { keyboard = false } = {},
): Promise<{ dialog: Locator; opener: Locator }> {
  await view.prepare?.(page, language);
  const opener = view.opener(page, language);
  if (view.key || keyboard) {
    await opener.focus();
    await page.keyboard.press(view.key ?? "Enter");
  } else {
    await opener.click();
  }
  const shown = page.getByRole("dialog", { name: view.title(language), exact: true });
  await shown.waitFor();
  await view.ready?.(shown, page, language);
  return { dialog: shown, opener };
}

/** Escape closes an open list first (a focused select), then the dialog on top; until none is left. */
export async function closeAllDialogs(page: Page) {
  const anyOpen = () => page.evaluate(() => document.querySelector('[role="dialog"]') !== null);
  for (let attempt = 0; attempt < 6 && (await anyOpen()); attempt += 1) {
    await page.keyboard.press("Escape");
    await page
      .waitForFunction(() => document.querySelector('[role="dialog"]') === null, null, {
        timeout: 400,
        polling: "raf",
      })
      .catch(() => undefined);
  }
  if (await anyOpen()) {
    throw new Error("Escape did not close the dialogs");
  }
}
