import type { CSSVariablesResolver, MantineColorsTuple, MantineThemeOverride } from "@mantine/core";
import { createTheme, darken, lighten, luminance, mergeThemeOverrides } from "@mantine/core";
import type { i18n as I18n } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import touch from "./touch.module.css";

/**
 * The brand colour: a tea green. The light end is the classic tea green (#d0f0c0 family); the shades
 * used for filled buttons (8 in both schemes) are dark enough for white text to read well.
 */
const teaGreen: MantineColorsTuple = [
  "#f0f9ea",
  "#e1f1d6",
  "#c3e3ad",
  "#a2d482",
  "#86c75e",
  "#73bf47",
  "#5aa336",
  "#468a2a",
  "#3a7423",
  "#2c5c19",
];

export const theme = createTheme({
  primaryColor: "teaGreen",
  primaryShade: { light: 8, dark: 8 },
  colors: { teaGreen },
  defaultRadius: "md",
  focusRing: "auto",
  cursorType: "pointer",
  // Dialogs, menus and lists open without their zoom and fade for those whose system asks for less
  // motion (prefers-reduced-motion).
  respectReducedMotion: true,
  // Filled colours pick black or white text, whichever reads (WCAG AA 4.5:1): white up to a
  // luminance of 0.18, black above it.
  autoContrast: true,
  luminanceThreshold: 0.18,
  // 44 px tap targets on touch screens and phones (touch.module.css).
  components: {
    ActionIcon: { classNames: { root: touch.actionIcon } },
    Burger: { classNames: { root: touch.burger } },
    Button: { classNames: { root: touch.button } },
    CloseButton: { classNames: { root: touch.closeButton } },
    Input: { classNames: { wrapper: touch.input } },
    NavLink: { classNames: { root: touch.navLink } },
    SegmentedControl: { classNames: { label: touch.segmentedLabel } },
    // Lists open aligned with their field's start edge: centred, a list measured before it has a
    // width is placed half off a phone's screen and pushes the page sideways.
    Select: { defaultProps: { comboboxProps: { position: "bottom-start" } } },
    // A table that scrolls sideways can be scrolled from the keyboard: its scroller takes the focus.
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
  },
});

/** The WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour, darkened (or lightened) just enough to read (4.6:1) on every one of the backgrounds. */
function readableOn(color: string, backgrounds: string[], adjust: typeof darken = darken): string {
  let amount = 0;
  let result = color;
  while (amount < 0.9 && backgrounds.some((background) => contrast(result, background) < 4.6)) {
    amount += 0.05;
    result = adjust(color, amount);
  }
  return result;
}

/**
 * Mantine's defaults, tightened for WCAG AA contrast (axe-core checks it on every screen): dimmed text
 * one step darker in light and lighter in dark, and the text of light variants (badges, light buttons,
 * alerts) dark enough to read on their tinted backgrounds, on white and on striped table rows. Worked out
 * once, into the stylesheet (theme-variables.css, written by theme-variables.test.ts), not in the page.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const { white, colors } = resolved;
  const lightPage = [white, colors.gray[0], colors.gray[1]];
  const darkPage = [colors.dark[7], colors.dark[6], colors.dark[5]];
  const lightColors: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    lightColors[`--mantine-color-${name}-light-color`] = readableOn(shades[9], [
      shades[1],
      shades[2],
      ...lightPage,
    ]);
    // Coloured text (c="green"): the filled shade, darkened where it is too pale to read.
    lightColors[`--mantine-color-${name}-text`] = readableOn(shades[8], [shades[0], ...lightPage]);
  }
  return {
    variables: {},
    light: {
      ...lightColors,
      "--mantine-color-dimmed": "#5c636a",
      "--mantine-color-error": readableOn(colors.red[7], lightPage),
    },
    dark: {
      "--mantine-color-dimmed": "#a3a3a3",
      "--mantine-color-error": readableOn(colors.red[6], darkPage, lighten),
    },
  };
};

/**
 * The theme with its translated defaults: the names of the close buttons of every modal and
 * notification (an icon-only button needs one). Follows the language as it changes.
 */
export function useAppTheme(i18n: I18n): MantineThemeOverride {
  const { t } = useTranslation(undefined, { i18n });
  const closeDialog = t("common.closeDialog");
  const closeNotification = t("common.closeNotification");
  return useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: {
            defaultProps: {
              closeButtonProps: { "aria-label": closeDialog },
              // Mantine renders a modal's header as <header>, which would be a second page banner
              // landmark; inside the dialog it is only the title row.
              attributes: { header: { role: "presentation" } },
            },
          },
          Notification: {
            defaultProps: { closeButtonProps: { "aria-label": closeNotification } },
          },
        },
      }),
    [closeDialog, closeNotification],
  );
}
