// Starts the browser's internationalisation library (ICU) while the page is still blank. The first
// number formatter a page makes costs 12-26 ms on a server-class CPU, several times that on a phone's:
// the library loads its data then. A signed-in screen makes one in its first render of any figure, inside
// the task that draws the screen, where it blocks input. Made here, in a script the page runs before its
// first paint, it is paid while the app's code is still on its way, and every formatter the app makes
// later reuses what it loaded (docs/decisions/020-intl-before-first-paint.md). The server names this
// script only in the pages it sends to someone signed in: the sign-in page shows no figures.
(() => {
  try {
    const language = document.documentElement.lang || undefined;
    new Intl.NumberFormat(language).format(0);
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(0);
  } catch (_e) {
    // Nothing is lost: the app's formatters start the library themselves.
  }
})();
