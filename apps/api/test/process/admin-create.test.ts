import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../src/db/client.ts";
import { findLiveUserByEmail } from "../../src/modules/users/users.repository.ts";
import { createTestDatabase } from "../context.ts";

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const CLI = path.join(REPO_ROOT, "apps/api/src/cli/admin-create.ts");

describe("npm run admin:create", async () => {
  const { url, drop } = await createTestDatabase();
  const database = connectDatabase(url, { max: 1 });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  function adminCreate(args: string[], password: string) {
    return run(process.execPath, ["--import", "tsx", CLI, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: url, ADMIN_PASSWORD: password, LOG_LEVEL: "silent" },
    });
  }

  it("adds an administrator who can sign in without a forced change", async () => {
    const { stdout } = await adminCreate(
      ["--email", "Cli.Admin@Example.com", "--name", "Cli Admin"],
      "cli password 1",
    );
    expect(stdout).toContain("Created administrator cli.admin@example.com");
    const row = await findLiveUserByEmail(database.db, "cli.admin@example.com");
    expect(row).toMatchObject({ role: "admin", name: "Cli Admin", mustChangePassword: false });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("refuses a short password and an email already in use, with the reason", async () => {
    await expect(adminCreate(["--email", "short@example.com"], "short")).rejects.toMatchObject({
      stderr: expect.stringContaining("Password must be at least 8 characters"),
    });
    await expect(adminCreate(["--email", "cli.admin@example.com"], "long enough 1")).rejects.toMatchObject({
      stderr: expect.stringContaining("already exists"),
    });
  });
});
