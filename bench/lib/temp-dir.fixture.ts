import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Writes `text` to `file` under the directory, making its folders. */
export type WriteUnder = (file: string, text: string) => void;

/**
 * Runs `test` in a fresh directory, with a writer of files under it, and removes the directory after,
 * whatever the test did: the readers of /proc, /sys and the results folder are given a tree made up
 * for the test instead of the machine's. A test may be async.
 */
export function withTempDir<T>(prefix: string, test: (dir: string, write: WriteUnder) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const write: WriteUnder = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  let result: T;
  try {
    result = test(dir, write);
  } catch (error) {
    remove();
    throw error;
  }
  // An async test keeps its directory until its promise settles.
  if (result instanceof Promise) {
    return result.finally(remove) as T;
  }
  remove();
  return result;
}
