import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "./theme.ts";

const HEADER = `/*
 * Written by theme-variables.test.ts (npx vitest run --project unit -u), never by hand: the CSS
 * variables of the app's theme (theme.ts), as Mantine's provider would write them into the page at run
 * time, less those Mantine's own stylesheet already sets. See docs/decisions/024-theme-variables-in-the-stylesheet.md.
 */`;

/** The CSS variables Mantine's provider writes into the page for the app's theme, as it renders them. */
function variablesMantineWrites(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, {
      theme,
      cssVariablesResolver,
      withGlobalClasses: false,
      withStaticClasses: false,
    }),
  );
  const styles = [...html.matchAll(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/g)];
  expect(styles).toHaveLength(1);
  return styles[0]?.[1] ?? "";
}

/** Mantine's rules laid out one selector and one declaration a line, as the formatter wants them. */
function laidOut(css: string): string {
  const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors = "", body = ""]) => {
    const declarations = body
      .split(";")
      .map((declaration) => declaration.trim())
      .filter(Boolean);
    return `${selectors.trim().split(/,\s*/).join(",\n")} {\n${declarations.map((d) => `  ${d};\n`).join("")}}`;
  });
  return `${HEADER}\n${rules.join("\n\n")}\n`;
}

describe("the theme's CSS variables, shipped in the stylesheet", () => {
  it("are the ones Mantine's provider would write into the page at run time", async () => {
    await expect(laidOut(variablesMantineWrites())).toMatchFileSnapshot("./theme-variables.css");
  });

  it("hold the brand colour, the tightened text colours and both colour schemes", () => {
    const css = laidOut(variablesMantineWrites());
    expect(css).toContain("--mantine-color-teaGreen-8: #3a7423;");
    expect(css).toContain("--mantine-primary-color-filled: var(--mantine-color-teaGreen-filled);");
    expect(css).toMatch(
      /:root\[data-mantine-color-scheme="light"\],\n[^{]*\{[^}]*--mantine-color-dimmed: #5c636a;/,
    );
    expect(css).toMatch(
      /:root\[data-mantine-color-scheme="dark"\],\n[^{]*\{[^}]*--mantine-color-dimmed: #a3a3a3;/,
    );
  });
});
