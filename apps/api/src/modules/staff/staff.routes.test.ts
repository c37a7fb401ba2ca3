import { STAFF_LIMIT } from "@wms/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import { createUser, DEFAULT_PASSWORD, sessionCookieFor, signedInAs } from "../../../test/factories/users.ts";
import { errorCode, request } from "../../../test/http.ts";

const ctx = await createTestContext();
let admin: string;

beforeAll(async () => {
  ({ cookie: admin } = await signedInAs(ctx, { role: "admin" }));
});

function addStaff(body: Record<string, unknown>, cookie = admin) {
  return request(ctx.app, "POST", "/api/staff", { cookie, body });
}

async function auditRows(entityId: number) {
  const { rows } = await ctx.db.execute<{
    action: string;
    actor_id: number | null;
    after: unknown;
    before: unknown;
  }>(
    sql`select action, actor_id, after, before from audit_log where entity = 'user' and entity_id = ${String(entityId)} order by id`,
  );
  return rows;
}

describe("Staff Management", () => {
  it("adds a staff member who must change the first password, and audits it without the password", async () => {
    const response = await addStaff({
      name: "  Aisha Rahman ",
      email: "Aisha@Example.com",
      password: "first-password",
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: "Aisha Rahman",
      email: "aisha@example.com",
      role: "staff",
      mustChangePassword: true,
    });

    const list = await request(ctx.app, "GET", "/api/staff", { cookie: admin });
    expect(list.json().limit).toBe(STAFF_LIMIT);
    expect(list.json().staff.map((s: { email: string }) => s.email)).toContain("aisha@example.com");

    const audit = await auditRows(created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe("create");
    expect(JSON.stringify(audit)).not.toContain("first-password");
  });

  it("requires full name, email and password", async () => {
    const response = await addStaff({ name: "", email: "", password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toEqual({
      name: "Full name is required",
      email: "Email is required",
      password: "Password must be at least 8 characters",
    });
  });

  it("ignores no field silently: a role in the body is refused", async () => {
    const response = await addStaff({
      name: "Omar",
      email: "omar@example.com",
      password: "long-enough",
      role: "admin",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields.role).toBe("Unknown field");
  });

  it("refuses an email that a live account already uses, whatever its case", async () => {
    await addStaff({ name: "First", email: "dup@example.com", password: "long-enough" });
    const second = await addStaff({ name: "Second", email: "DUP@example.com", password: "long-enough" });
    expect(second.statusCode).toBe(409);
    expect(errorCode(second)).toBe("EMAIL_TAKEN");
  });

  it("resets a staff password: their sessions end and they must change it again", async () => {
    const staff = await createUser(ctx);
    const staffCookie = await sessionCookieFor(ctx, staff.id);
    const reset = await request(ctx.app, "POST", `/api/staff/${staff.id}/password`, {
      cookie: admin,
      body: { password: "reset-by-admin" },
    });
    expect(reset.statusCode).toBe(204);
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie: staffCookie })).statusCode).toBe(401);
    const login = await request(ctx.app, "POST", "/api/auth/login", {
      body: { portal: "staff", email: staff.email, password: "reset-by-admin" },
    });
    expect(login.json().user.mustChangePassword).toBe(true);
  });

  it("deletes (archives) a staff member, ending their sessions and freeing the email", async () => {
    const staff = await createUser(ctx);
    const staffCookie = await sessionCookieFor(ctx, staff.id);
    const response = await request(ctx.app, "DELETE", `/api/staff/${staff.id}`, { cookie: admin });
    expect(response.statusCode).toBe(204);
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie: staffCookie })).statusCode).toBe(401);
    const list = await request(ctx.app, "GET", "/api/staff", { cookie: admin });
    expect(list.json().staff.map((s: { id: number }) => s.id)).not.toContain(staff.id);
    const login = await request(ctx.app, "POST", "/api/auth/login", {
      body: { portal: "staff", email: staff.email, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    const { rows } = await ctx.db.execute<{ name: string }>(
      sql`select name from users where id = ${staff.id}`,
    );
    expect(rows[0]?.name).toBe(staff.name);
    expect((await auditRows(staff.id)).map((row) => row.action)).toEqual(["archive"]);
    expect((await addStaff({ name: "Reused", email: staff.email, password: "long-enough" })).statusCode).toBe(
      201,
    );
  });

  it("answers 404 for a staff id that is an admin or does not exist", async () => {
    const other = await createUser(ctx, { role: "admin" });
    expect((await request(ctx.app, "DELETE", `/api/staff/${other.id}`, { cookie: admin })).statusCode).toBe(
      404,
    );
    expect((await request(ctx.app, "DELETE", "/api/staff/99999999", { cookie: admin })).statusCode).toBe(404);
    expect((await request(ctx.app, "DELETE", "/api/staff/abc", { cookie: admin })).statusCode).toBe(400);
  });

  it("adds another administrator from the Administrators section", async () => {
    const response = await request(ctx.app, "POST", "/api/admins", {
      cookie: admin,
      body: { name: "Second Admin", email: "second.admin@example.com", password: "long-enough" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().role).toBe("admin");
    const admins = await request(ctx.app, "GET", "/api/admins", { cookie: admin });
    expect(admins.json().admins.map((a: { email: string }) => a.email)).toContain("second.admin@example.com");
  });
});

describe("the 100-staff limit", () => {
  it("refuses the 101st staff member with the spec's message, also under concurrent requests", async () => {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where role = 'staff' and deleted_at is null`,
    );
    const existing = rows[0]?.n ?? 0;
    for (let i = existing; i < STAFF_LIMIT - 2; i += 1) {
      await createUser(ctx, { role: "staff" });
    }
    const attempts = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        addStaff({ name: `Late ${n}`, email: `late-${n}@example.com`, password: "long-enough" }),
      ),
    );
    expect(attempts.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = attempts.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json().error).toMatchObject({
      code: "STAFF_LIMIT_REACHED",
      message: "You have reached the maximum limit of 100 staff members.",
    });
    const list = await request(ctx.app, "GET", "/api/staff", { cookie: admin });
    expect(list.json().staff).toHaveLength(STAFF_LIMIT);
  });
});
