// Applies the saved colour scheme before React paints, so a dark-mode user sees no light flash.
// Kept as a file because the server's CSP forbids inline script. Key matches Mantine's manager.
(() => {
  try {
    const saved = window.localStorage.getItem("mantine-color-scheme-value");
    let scheme = saved === "light" || saved === "dark" || saved === "auto" ? saved : "light";
    if (scheme === "auto") {
      scheme = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    }
    document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
  } catch (_e) {
    // Storage can be unavailable (private mode); Mantine falls back to light.
  }
})();
