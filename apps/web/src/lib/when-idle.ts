import { useEffect, useState } from "react";

let idle: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the browser has a quiet moment: the time to fetch what the
 * first screen does not show (toasts, the language menu's popover, form rules), so those downloads
 * never compete with the screen's own files and data.
 */
export function whenIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    const afterLoad = () => {
      if (typeof window.requestIdleCallback === "function") {
        window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      } else {
        setTimeout(resolve, 200);
      }
    };
    if (document.readyState === "complete") {
      afterLoad();
    } else {
      window.addEventListener("load", afterLoad, { once: true });
    }
  });
  return idle;
}

/** Whether whenIdle has resolved (false on the first render, true from the quiet moment on). */
export function useIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void whenIdle().then(() => {
      if (active) {
        setReady(true);
      }
    });
    return () => {
      active = false;
    };
  }, []);
  return ready;
}
