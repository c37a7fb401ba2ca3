import fs from "node:fs";
import { createRequire } from "node:module";
import { COLOR_SCHEME_COOKIE, type PageColorScheme } from "@wms/domain";
import type { Page } from "playwright-core";
import { inject } from "vitest";

const require = createRequire(import.meta.url);
/** axe-core's browser bundle; injected by evaluation, since the app's CSP forbids inline scripts. */
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: "minor" | "moderate" | "serious" | "critical" | null;
  help: string;
  nodes: AxeNode[];
}

/** The colour schemes screens are checked in. */
export type ColorScheme = PageColorScheme;

/**
 * Makes every document the page loads start in this colour scheme, saved as the app saves it: on the
 * device (Mantine's storage key), and in the cookie the server sends each page in.
 */
export async function useColorScheme(page: Page, scheme: ColorScheme) {
  await page.context().addCookies([{ name: COLOR_SCHEME_COOKIE, value: scheme, url: inject("baseUrl") }]);
  await page.addInitScript((value) => {
    window.localStorage.setItem("mantine-color-scheme-value", value);
  }, scheme);
  await page.emulateMedia({ colorScheme: scheme });
}

/**
 * Lets loading (skeletons) and transitions (a modal fading in, colours changing on focus) finish, so
 * colours are measured as they settle. The checks run with reduced motion, which the app honours, so
 * most transitions take no time at all.
 */
export async function settle(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll(".mantine-Skeleton-root").length === 0, null, {
    timeout: 10_000,
  });
  await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter((animation) => animation.playState === "running")
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.race([
      Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Moderate findings that were fixed and must not come back: a modal's header read as a second page
 * banner, and a heading level skipped.
 */
const ALSO_FAILING = new Set(["landmark-no-duplicate-banner", "heading-order"]);

function describeViolation(screen: string, violation: AxeViolation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary?.replace(/\s+/g, " ") ?? ""}`)
    .join("\n");
  return `[${screen}] ${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length})\n${nodes}`;
}

/**
 * Runs axe-core on the page as it is now. Returns the serious and critical violations and those of
 * ALSO_FAILING (the caller fails on them); prints other moderate and minor ones for information only.
 */
export async function axeAudit(page: Page, screen: string): Promise<string[]> {
  await settle(page);
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) {
    await page.evaluate(AXE_SOURCE);
  }
  const violations = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    const all = JSON.parse(JSON.stringify(result.violations)) as AxeViolation[];
    // The open list of a combobox scrolls, but is never a tab stop: its options are reached with the
    // arrow keys from the focused input (aria-activedescendant), the WAI-ARIA combobox pattern.
    const inOpenList = (node: AxeNode) => {
      const selector = node.target[0];
      const element = typeof selector === "string" ? document.querySelector(selector) : null;
      const dropdown = element?.closest(".mantine-Popover-dropdown");
      return dropdown?.querySelector('[role="listbox"]') != null;
    };
    return all
      .map((violation) =>
        violation.id === "scrollable-region-focusable"
          ? { ...violation, nodes: violation.nodes.filter((node) => !inOpenList(node)) }
          : violation,
      )
      .filter((violation) => violation.nodes.length > 0);
  })) as AxeViolation[];
  const serious: string[] = [];
  for (const violation of violations) {
    const line = describeViolation(screen, violation);
    if (violation.impact === "serious" || violation.impact === "critical" || ALSO_FAILING.has(violation.id)) {
      serious.push(line);
    } else {
      console.info(`axe (not failing): ${line}`);
    }
  }
  return serious;
}
