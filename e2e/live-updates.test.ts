import { afterAll, describe, expect, inject, it } from "vitest";
import { type ServerProcess, signInOverHttp, spawnServer } from "../apps/api/test/process/server-process.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { createItem, createWarehouse, locationIdOf, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

/**
 * Two API processes on one database: the browser is signed in on the suite's server (A); a second
 * server process (B) on the same DATABASE_URL records a movement; the item on A's screen changes by
 * itself, without a reload, and the frame shows that it just updated.
 */
const browser = await useBrowser();
let processB: ServerProcess | undefined;

afterAll(async () => {
  processB?.child.kill("SIGTERM");
  await processB?.exited;
});

describe("[LIVE] updates across API processes", () => {
  it("shows a movement recorded through another API process without a reload", async () => {
    processB = spawnServer({ DATABASE_URL: inject("e2eDatabaseUrl") });
    const baseB = await processB.ready;
    expect(baseB).not.toBe(browser.baseUrl);

    const prefix = uniquePrefix("LIVE");
    const warehouse = await createWarehouse(`${prefix}WH`);
    const item = await createItem({ itemNo: `${prefix}-TEA`, name: "Live tea", unit: "kilogram" });
    const toLocationId = await locationIdOf(`${warehouse.name}A01`);

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto(`/wmscontrolpaneladmin/items?search=${encodeURIComponent(`${prefix}-TEA`)}`);
    const card = page.getByRole("article").filter({ hasText: `${prefix}-TEA` });
    await card.getByText("No stock").waitFor();
    await page.locator('[data-live-state="live"]').waitFor();

    const viaB = await signInOverHttp(baseB, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    const session = (await (await viaB("/api/session")).json()) as { user: { id: number } };
    const recorded = await viaB("/api/movements", {
      method: "POST",
      body: {
        type: "received",
        itemId: item.id,
        quantity: "7.5",
        toLocationId,
        managedBy: session.user.id,
        reason: "via B",
      },
    });
    expect(recorded.status).toBe(201);

    await card.getByText(`${warehouse.name}A01`).waitFor({ timeout: 2_000 });
    await page.getByRole("status").filter({ hasText: "Updated" }).waitFor({ timeout: 2_000 });
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
