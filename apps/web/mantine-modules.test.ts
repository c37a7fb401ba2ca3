import { describe, expect, it } from "vitest";
import { mantineModules, NO_RUNTIME_CSS_VARIABLES, STABLE_ID } from "./mantine-modules.ts";

type ResolveId = (source: string, importer?: string) => string | null;

const resolveId = mantineModules().resolveId as unknown as ResolveId;
const HOOKS_INDEX = "/app/node_modules/@mantine/hooks/esm/index.mjs";
const MANTINE_CORE = "/app/node_modules/@mantine/core/esm/components/AppShell/AppShell.mjs";
const PROVIDER = "/app/node_modules/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs";

describe("the Mantine modules the build replaces", () => {
  it("gives the stable useId where @mantine/hooks' index takes its own", () => {
    expect(resolveId("./use-id/use-id.mjs", HOOKS_INDEX)).toBe(STABLE_ID);
  });

  it("gives the provider no runtime CSS variables in place of its own", () => {
    expect(resolveId("./MantineCssVariables/MantineCssVariables.mjs", PROVIDER)).toBe(
      NO_RUNTIME_CSS_VARIABLES,
    );
  });

  it("leaves the libraries' other modules, and every other package's imports, alone", () => {
    expect(resolveId("./use-focus-trap/use-focus-trap.mjs", HOOKS_INDEX)).toBeNull();
    expect(resolveId("@mantine/hooks", MANTINE_CORE)).toBeNull();
    expect(resolveId("./use-id/use-id.mjs", MANTINE_CORE)).toBeNull();
    expect(resolveId("./use-id/use-id.mjs")).toBeNull();
    expect(resolveId("./MantineClasses/MantineClasses.mjs", PROVIDER)).toBeNull();
    expect(resolveId("./MantineCssVariables/MantineCssVariables.mjs", MANTINE_CORE)).toBeNull();
  });
});
