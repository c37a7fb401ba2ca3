/**
 * Stands in for Mantine's `MantineCssVariables` in the build (mantine-modules.ts). The theme's CSS
 * variables are in the stylesheet (app/theme-variables.css, written from what Mantine's own component
 * renders) and the provider is told to write none (`withCssVariables={false}`), so this renders
 * nothing. Mantine's own module, though never rendered, would still be evaluated with the page's
 * entry, and it works out the default theme's variables as it is: about 20 ms of the page's first long
 * task under a 4x slower CPU (docs/decisions/024-theme-variables-in-the-stylesheet.md).
 */
export function MantineCssVariables(): null {
  return null;
}
