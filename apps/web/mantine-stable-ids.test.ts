import { describe, expect, it } from "vitest";
import { MANTINE_HOOKS_SHIM, mantineStableIds } from "./mantine-stable-ids.ts";

type ResolveId = (source: string, importer?: string) => string | null;

const resolveId = mantineStableIds().resolveId as unknown as ResolveId;
const MANTINE_CORE = "/app/node_modules/@mantine/core/esm/components/AppShell/AppShell.mjs";

describe("the build's @mantine/hooks", () => {
  it("is the shim with the stable useId for Mantine's own packages and the app's code", () => {
    expect(resolveId("@mantine/hooks", MANTINE_CORE)).toBe(MANTINE_HOOKS_SHIM);
    expect(resolveId("@mantine/hooks", "/app/apps/web/src/app/app-frame.tsx")).toBe(MANTINE_HOOKS_SHIM);
  });

  it("is the library itself for the shim, which re-exports it", () => {
    expect(resolveId("@mantine/hooks", MANTINE_HOOKS_SHIM)).toBeNull();
  });

  it("leaves every other import alone", () => {
    expect(resolveId("@mantine/core", MANTINE_CORE)).toBeNull();
    expect(resolveId("@mantine/hooks/styles.css", MANTINE_CORE)).toBeNull();
  });
});
