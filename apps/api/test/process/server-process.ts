import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const SERVER_ENTRY = "apps/api/dist/main.mjs";

/**
 * Node's arguments from `npm run serve` in package.json (`npm run build:api && node <options>
 * apps/api/dist/main.mjs`), so tests and the benchmark run the server exactly as it runs in
 * production: the same bundle, and its heap limit, which shapes how much memory it holds (decision
 * 012). The bundle is built once per run, before any server starts: by the test projects' global
 * setup (`buildApi`), the benchmark, or `npm run build`.
 */
function serveArguments(): string[] {
  const scripts = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).scripts;
  const words = String(scripts?.serve ?? "")
    .split("&&")
    .at(-1)
    ?.trim()
    .split(/\s+/);
  if (words?.[0] !== "node" || words.at(-1) !== SERVER_ENTRY) {
    throw new Error(
      `package.json's serve script does not end in "node <options> ${SERVER_ENTRY}": ${scripts?.serve}`,
    );
  }
  if (!fs.existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    throw new Error(`${SERVER_ENTRY} is missing: build it first (npm run build:api)`);
  }
  return words.slice(1);
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the printed address once the server listens, or rejects if it exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
}

/**
 * Starts the real server as `npm run serve` does (`node ... apps/api/dist/main.mjs`), as a child process.
 * Its output comes back through a pipe, or goes to `outputFile` when one is named, as it would go to
 * a file or a journal in production and without this process reading every line (the benchmark).
 * An env value given as undefined leaves that variable unset: the server's own default.
 */
export function spawnServer(env: NodeJS.ProcessEnv, options: { outputFile?: string } = {}): ServerProcess {
  const { outputFile } = options;
  const file = outputFile === undefined ? undefined : fs.openSync(outputFile, "w");
  const child = spawn(process.execPath, serveArguments(), {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: file === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", file, file],
  });
  if (file !== undefined) {
    fs.closeSync(file); // the child has its own copy
  }
  let piped = "";
  const output = () => (outputFile === undefined ? piped : fs.readFileSync(outputFile, "utf8"));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let polling: NodeJS.Timeout | undefined;
  const ready = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /is running at (http:\/\/\S+)/.exec(output());
      if (match?.[1]) {
        resolve(match[1]);
      }
    };
    const onData = (chunk: Buffer) => {
      piped += chunk.toString();
      check();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    if (outputFile !== undefined) {
      polling = setInterval(check, 50);
    }
    void exited.then((code) =>
      reject(new Error(`server exited (${code}) before it was ready:\n${output()}`)),
    );
  });
  // Handled here as well, so a server that never starts is the caller's failure and not an unhandled one.
  const stopPolling = () => clearInterval(polling);
  ready.then(stopPolling, stopPolling);
  return { child, output, ready, exited };
}

/** Signs in over real HTTP and returns a fetch bound to that session. */
export async function signInOverHttp(
  base: string,
  portal: "admin" | "staff",
  email: string,
  password: string,
) {
  const headers = { "content-type": "application/json", "x-requested-with": "wms" };
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ portal, email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  }
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return (url: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${base}${url}`, {
      method: init.method ?? "GET",
      headers: { ...headers, cookie },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}
