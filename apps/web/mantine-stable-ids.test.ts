import { describe, expect, it } from "vitest";
import { mantineStableIds, STABLE_ID } from "./mantine-stable-ids.ts";

type ResolveId = (source: string, importer?: string) => string | null;

const resolveId = mantineStableIds().resolveId as unknown as ResolveId;
const HOOKS_INDEX = "/app/node_modules/@mantine/hooks/esm/index.mjs";
const MANTINE_CORE = "/app/node_modules/@mantine/core/esm/components/AppShell/AppShell.mjs";

describe("the build's useId of @mantine/hooks", () => {
  it("is the stable one where the library's index takes its own", () => {
    expect(resolveId("./use-id/use-id.mjs", HOOKS_INDEX)).toBe(STABLE_ID);
  });

  it("leaves the library's other hooks, and every other package's imports, alone", () => {
    expect(resolveId("./use-focus-trap/use-focus-trap.mjs", HOOKS_INDEX)).toBeNull();
    expect(resolveId("@mantine/hooks", MANTINE_CORE)).toBeNull();
    expect(resolveId("./use-id/use-id.mjs", MANTINE_CORE)).toBeNull();
    expect(resolveId("./use-id/use-id.mjs")).toBeNull();
  });
});
