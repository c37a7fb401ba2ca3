/** Debian's Chromium, as every browser part of the benchmark starts it. */
export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The flags this machine's Chromium needs: no sandbox as root, no background traffic off loopback. */
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
