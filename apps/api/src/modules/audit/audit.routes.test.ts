import { describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import { signedInAs } from "../../../test/factories/users.ts";
import { request } from "../../../test/http.ts";

const ctx = await createTestContext();
// An administrator whose name a spreadsheet would run as a formula: it reaches the export's "Who".
const { cookie } = await signedInAs(ctx, { role: "admin", name: "=cmd|' /C calc'!A0" });

describe("the audit log", () => {
  it("lists every write newest first with who, before and after, filtered on the server", async () => {
    const created = await request(ctx.app, "POST", "/api/items", {
      cookie,
      body: { itemNo: "AUD-1", name: "Audited tea" },
    });
    await request(ctx.app, "PUT", `/api/items/${created.json().id}`, {
      cookie,
      body: { itemNo: "AUD-1", name: "Renamed tea" },
    });
    const list = (await request(ctx.app, "GET", "/api/audit?entity=item", { cookie })).json();
    expect(list.entries.map((e: { action: string }) => e.action)).toEqual(["update", "create"]);
    expect(list.entries[0]).toMatchObject({
      entity: "item",
      entityId: String(created.json().id),
      actorName: "=cmd|' /C calc'!A0",
      after: expect.objectContaining({ name: "Renamed tea" }),
    });
    expect((await request(ctx.app, "GET", "/api/audit?search=renamed", { cookie })).json().total).toBe(1);
    expect((await request(ctx.app, "GET", "/api/audit?entity=Robert');DROP", { cookie })).statusCode).toBe(
      400,
    );
  });

  it("exports as CSV with every text cell safe from formula injection", async () => {
    const response = await request(ctx.app, "GET", "/api/audit/csv?entity=item", { cookie });
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe('\uFEFF"When","Who","Entity","Entity Id","Action","Before","After","Request Id"');
    expect(lines[1]).toContain(`"'=cmd|' /C calc'!A0","item"`);
    expect(response.body).not.toMatch(/(^|,)"=cmd/m);
  });

  it("filters by action and by who made the change, in the list and in the export", async () => {
    const other = await signedInAs(ctx, { role: "admin", name: "Second Auditor" });
    const mine = await request(ctx.app, "POST", "/api/items", {
      cookie,
      body: { itemNo: "AUD-2", name: "Mine" },
    });
    const theirs = await request(ctx.app, "POST", "/api/items", {
      cookie: other.cookie,
      body: { itemNo: "AUD-3", name: "Theirs" },
    });
    await request(ctx.app, "DELETE", `/api/items/${theirs.json().id}`, { cookie: other.cookie });

    const byOther = (
      await request(ctx.app, "GET", `/api/audit?entity=item&actorId=${other.user.id}`, { cookie })
    ).json();
    expect(byOther.entries.map((e: { entityId: string; action: string }) => [e.entityId, e.action])).toEqual([
      [String(theirs.json().id), "archive"],
      [String(theirs.json().id), "create"],
    ]);
    const created = (
      await request(ctx.app, "GET", `/api/audit?entity=item&action=create&actorId=${other.user.id}`, {
        cookie,
      })
    ).json();
    expect(created.total).toBe(1);
    expect(created.pageSize).toBe(20);
    const allCreates = (
      await request(ctx.app, "GET", "/api/audit?action=create&entity=item", { cookie })
    ).json();
    expect(allCreates.entries.map((e: { entityId: string }) => e.entityId)).toContain(String(mine.json().id));

    const csv = await request(ctx.app, "GET", `/api/audit/csv?actorId=${other.user.id}&action=archive`, {
      cookie,
    });
    expect(csv.body.split("\r\n").filter((line) => line !== "")).toHaveLength(2);
    for (const bad of ["action=DROP", "actorId=0", "actorId=abc"]) {
      expect((await request(ctx.app, "GET", `/api/audit?${bad}`, { cookie })).statusCode).toBe(400);
    }
  });
});
