import type { KeyboardEvent } from "react";

/**
 * Enter in an open server-searched list picks the option highlighted on screen, or nothing.
 *
 * Mantine's Select remembers the highlighted option by its position in the list. When a search answer
 * replaces the list after the user has moved the highlight (typed, pressed the arrow keys, then the
 * debounced answer arrived), Enter would pick whatever now sits at that position: another item, another
 * location, or nothing at all. On a stock form that is a wrong movement. Attached as onKeyDownCapture,
 * this runs before Mantine's own key handler and stops it.
 */
export function chooseHighlightedOnEnter(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) {
    return;
  }
  const input = event.currentTarget;
  const listId = input.getAttribute("aria-controls");
  if (input.getAttribute("aria-expanded") !== "true" || listId === null) {
    return;
  }
  // Mantine marks the highlighted option on the element itself, so it follows the option when the
  // list is re-rendered in another order, and disappears with it.
  const highlighted = document.getElementById(listId)?.querySelector<HTMLElement>("[data-combobox-selected]");
  event.preventDefault();
  event.stopPropagation();
  highlighted?.click();
}
