import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { CreateAccountRequestSchema } from "@wms/domain";
import { loadConfig } from "../config.ts";
import { openRuntimeDatabase } from "../db/runtime.ts";
import { AppError } from "../http/app-error.ts";
import { SYSTEM_ACTOR } from "../modules/audit/audit.repository.ts";
import { createAccount } from "../modules/staff/accounts.service.ts";

const usage = `Adds an administrator.

  npm run admin:create -- --email owner@example.com --name "Owner Name"

The password is read from ADMIN_PASSWORD when set, otherwise asked for (or read from standard input).
Run it while the server is stopped, or point it at the same DATABASE_URL as a running server.`;

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) {
    return process.env.ADMIN_PASSWORD;
  }
  const prompt = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY,
  });
  try {
    return await prompt.question(process.stdin.isTTY ? "Password (at least 8 characters): " : "");
  } finally {
    prompt.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help || !values.email) {
    process.stdout.write(`${usage}\n`);
    process.exit(values.help ? 0 : 1);
  }
  const input = CreateAccountRequestSchema.safeParse({
    email: values.email,
    name: values.name ?? "Administrator",
    password: await readPassword(),
  });
  if (!input.success) {
    throw new Error(
      input.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"),
    );
  }
  // ADMIN_PASSWORD here is this command's input, not the first-admin setting of the server.
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const runtime = await openRuntimeDatabase(config, {
    info: () => {},
    warn: (m) => process.stderr.write(`${m}\n`),
  });
  try {
    const account = await createAccount(runtime.database.db, "admin", input.data, SYSTEM_ACTOR, {
      mustChangePassword: false,
    });
    process.stdout.write(`Created administrator ${account.email}. Sign in at /wmscontrolpaneladmin/login.\n`);
  } finally {
    await runtime.shutdown();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof AppError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
