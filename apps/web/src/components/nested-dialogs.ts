import { useEffect, useSyncExternalStore } from "react";

/*
 * Dialogs opened over another dialog (the layout chooser over a movement or purchase form). Every open
 * Mantine modal closes on Escape, so without this one press would close the form under the chooser
 * too, and its typing with it.
 */
let openCount = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function changed(by: number) {
  openCount += by;
  for (const listener of listeners) {
    listener();
  }
}

/** Counts a dialog opened over another one while it is open. */
export function useNestedDialog(opened: boolean) {
  useEffect(() => {
    if (!opened) {
      return;
    }
    changed(1);
    return () => changed(-1);
  }, [opened]);
}

/** Whether a dialog is open over the others: Escape is then its own, not theirs. */
export function useNestedDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openCount > 0,
    () => false,
  );
}
