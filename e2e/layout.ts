import type { Page } from "playwright-core";

/**
 * What is wrong with the layout as it is now, each problem naming its elements:
 * - the page scrolls sideways;
 * - items of the header overlap, leave the header, or have their text clipped without an ellipsis;
 * - in the content (the topmost open dialog, else the main region), interactive elements and runs of
 *   text overlap each other, stick out of the content's box sideways, or out of the viewport;
 * - a text is clipped without an ellipsis, or cut to less than half of itself (a squeezed badge);
 * - a word is broken in the middle (a squeezed column), other than after a hyphen, slash or the like.
 *
 * Content inside a box that scrolls or clips on purpose (a wide table, the layout grid, an ellipsis)
 * counts only where that box shows it. A form field is one box with its icons and buttons inside it;
 * text inside a control belongs to the control; icons and charts (SVG) are not looked at.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const viewportWidth = root.clientWidth;
    if (root.scrollWidth > window.innerWidth + 1) {
      problems.push(`page scrolls sideways: ${root.scrollWidth} > ${window.innerWidth}`);
    }

    interface Box {
      left: number;
      right: number;
      top: number;
      bottom: number;
    }
    const round = (box: Box) =>
      `[${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.right - box.left)}x${Math.round(box.bottom - box.top)}]`;
    const describe = (element: Element) => {
      const tag = element.tagName.toLowerCase();
      const role = element.getAttribute("role");
      // A field's box is named by its input's label.
      const field = element.matches("input, textarea, select")
        ? element
        : element.querySelector("input:not([type=hidden]), textarea, select");
      const fieldLabel =
        field && "labels" in field ? (field as HTMLInputElement).labels?.[0]?.textContent?.trim() : undefined;
      const label = element.getAttribute("aria-label") ?? field?.getAttribute("aria-label") ?? fieldLabel;
      const testId = element.getAttribute("data-testid");
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
      return `${tag}${role ? `[role=${role}]` : ""}${testId ? `[data-testid=${testId}]` : ""}${label ? `[${label}]` : ""}${text ? ` "${text}"` : ""}`;
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };

    // The header: its flex items side by side, inside it, with their text whole.
    const header = document.querySelector("header");
    if (!header) {
      problems.push("no header");
    } else {
      const bounds = header.getBoundingClientRect();
      const flexContainers = [header, ...Array.from(header.querySelectorAll("*"))].filter(
        (element) => getComputedStyle(element).display.includes("flex") && visible(element),
      );
      for (const container of flexContainers) {
        const items = Array.from(container.children).filter(visible);
        for (const [index, item] of items.entries()) {
          const rect = item.getBoundingClientRect();
          if (rect.left < bounds.left - 1 || rect.right > bounds.right + 1) {
            problems.push(`${describe(item)} leaves the header`);
          }
          for (const other of items.slice(index + 1)) {
            const next = other.getBoundingClientRect();
            const overlapX = Math.min(rect.right, next.right) - Math.max(rect.left, next.left);
            const overlapY = Math.min(rect.bottom, next.bottom) - Math.max(rect.top, next.top);
            if (overlapX > 1 && overlapY > 1) {
              problems.push(`${describe(item)} overlaps ${describe(other)}`);
            }
          }
        }
      }
      for (const element of Array.from(header.querySelectorAll("*"))) {
        if (!visible(element) || element.children.length > 0 || !(element.textContent ?? "").trim()) {
          continue;
        }
        const style = getComputedStyle(element);
        // Words kept for screen readers only (visually hidden: clipped to nothing on purpose).
        const forScreenReaders =
          (style.clip !== "auto" && style.clip !== "") || style.clipPath.startsWith("inset");
        if (
          !forScreenReaders &&
          element.scrollWidth > element.clientWidth + 1 &&
          style.textOverflow !== "ellipsis"
        ) {
          problems.push(`${describe(element)} is clipped`);
        }
      }
    }

    // The content: the dialog on top when one is open (the page behind it is covered), else <main>.
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"]')).filter(visible);
    const region = dialogs.at(-1) ?? document.querySelector("main");
    if (!region) {
      return [...problems, "no main region"];
    }
    const regionName = region.tagName === "MAIN" ? "main" : "dialog";
    const regionBox = region.getBoundingClientRect();
    if (regionBox.left < -1 || regionBox.right > viewportWidth + 1) {
      problems.push(`the ${regionName} ${round(regionBox)} is wider than the viewport (${viewportWidth})`);
    }

    const INTERACTIVE = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      '[role="button"]',
      '[role="link"]',
      '[role="combobox"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(",");

    /** Hidden on purpose: display none, invisible, transparent, or visually hidden (clipped to nothing). */
    const hiddenCache = new Map<Element, boolean>();
    const hidden = (element: Element): boolean => {
      const known = hiddenCache.get(element);
      if (known !== undefined) {
        return known;
      }
      const style = getComputedStyle(element);
      let result =
        style.display === "none" ||
        style.visibility === "hidden" ||
        Number(style.opacity) === 0 ||
        (style.clip !== "auto" && style.clip !== "") ||
        (style.clipPath !== "none" && style.clipPath.startsWith("inset"));
      if (!result && element !== region && element.parentElement) {
        result = hidden(element.parentElement);
      }
      hiddenCache.set(element, result);
      return result;
    };

    /**
     * The part of a box its clipping ancestors show, up to the region. Sideways, the region itself
     * does not clip: what sticks out of it is a problem, not hidden on purpose.
     */
    const shown = (element: Element, box: Box): Box | null => {
      // DOMRect's sides are getters, which a spread would not copy.
      const result = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        const clipsX = style.overflowX !== "visible";
        const clipsY = style.overflowY !== "visible";
        if (clipsX || clipsY) {
          const bounds = parent.getBoundingClientRect();
          if (clipsX && parent !== region) {
            result.left = Math.max(result.left, bounds.left);
            result.right = Math.min(result.right, bounds.right);
          }
          if (clipsY) {
            result.top = Math.max(result.top, bounds.top);
            result.bottom = Math.min(result.bottom, bounds.bottom);
          }
        }
        if (parent === region) {
          break;
        }
      }
      return result.right - result.left > 1 && result.bottom - result.top > 1 ? result : null;
    };

    interface Unit {
      element: Element;
      what: string;
      boxes: Box[];
    }
    const units: Unit[] = [];
    const controls = new Set<Element>();
    for (const element of Array.from(region.querySelectorAll(INTERACTIVE))) {
      if (element.closest("svg") || hidden(element)) {
        continue;
      }
      // A field's input, its sections and its buttons (show password, clear) make one box.
      const control =
        element.closest(".mantine-Input-wrapper, .mantine-PillsInput-root, .mantine-Pill-root") ?? element;
      if (!region.contains(control)) {
        continue;
      }
      controls.add(control);
    }
    for (const control of controls) {
      const rect = control.getBoundingClientRect();
      const box = rect.width > 1 && rect.height > 1 ? shown(control, rect) : null;
      if (box) {
        units.push({ element: control, what: describe(control), boxes: [box] });
      }
    }
    const controlList = Array.from(controls);
    /**
     * The boxes that clip a text without letting it scroll: those between it and the nearest box that
     * scrolls (what a scroller hides is only scrolled away).
     */
    const cutters = (element: Element): Element[] => {
      const found: Element[] = [];
      for (let box: Element | null = element; box && box !== region; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === "auto" || overflow === "scroll") {
          break;
        }
        if (overflow === "hidden" || overflow === "clip") {
          found.push(box);
        }
      }
      return found;
    };
    /** Where a word may break without a hyphen being added: after these, or at a space. */
    const BREAKS_AFTER = new Set([
      "-",
      "\u2010",
      "\u2011",
      "\u2013",
      "\u2014",
      "/",
      "\\",
      "_",
      ".",
      ",",
      ";",
      ":",
      "@",
      "·",
      "|",
      "(",
    ]);
    const lineTop = (rects: DOMRectList | DOMRect[]) =>
      Array.from(rects).filter((rect) => rect.width > 0 && rect.height > 1)[0]?.top;

    const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const content = node.textContent ?? "";
      const text = content.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("svg, style, script") || hidden(parent)) {
        continue;
      }
      const snippet = text.replace(/\s+/g, " ").slice(0, 30);
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 1 && rect.height > 1);

      // Cut off: a clipped text must end in an ellipsis, and still show most of itself.
      const cutBy = cutters(parent);
      if (cutBy.length > 0 && rects.length > 0) {
        const full = rects.reduce((sum, rect) => sum + rect.width, 0);
        const seen = rects.reduce((sum, rect) => {
          let left = rect.left;
          let right = rect.right;
          for (const box of cutBy) {
            const bounds = box.getBoundingClientRect();
            left = Math.max(left, bounds.left);
            right = Math.min(right, bounds.right);
          }
          return sum + Math.max(0, right - left);
        }, 0);
        if (seen < full - 2) {
          const ellipsis = cutBy.some((box) => getComputedStyle(box).textOverflow === "ellipsis");
          if (!ellipsis) {
            problems.push(
              `text "${snippet}" is cut off without an ellipsis (${Math.round(seen)} of ${Math.round(full)} px)`,
            );
          } else if (seen < full / 2) {
            problems.push(
              `text "${snippet}" is cut to ${Math.round((100 * seen) / full)}% (${Math.round(seen)} of ${Math.round(full)} px)`,
            );
          }
        }
      }

      // Broken words: a squeezed column or box breaks a word in the middle.
      const tops = new Set(rects.map((rect) => Math.round(rect.top / 4)));
      if (tops.size > 1) {
        for (const match of content.matchAll(/\S+/g)) {
          const start = match.index ?? 0;
          const word = match[0];
          range.setStart(node, start);
          range.setEnd(node, start + word.length);
          const first = lineTop(range.getClientRects());
          const wordTops = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0 && rect.height > 1)
              .map((rect) => Math.round(rect.top / 4)),
          );
          if (first === undefined || wordTops.size < 2) {
            continue;
          }
          for (let index = 1; index < word.length; index += 1) {
            range.setStart(node, start + index);
            range.setEnd(node, start + index + 1);
            const top = lineTop(range.getClientRects());
            if (top !== undefined && Math.abs(top - first) > 4) {
              if (!BREAKS_AFTER.has(word[index - 1] ?? "")) {
                problems.push(
                  `word "${word}" is broken across lines ("${word.slice(0, index)}|${word.slice(index)}")`,
                );
              }
              break;
            }
          }
        }
        range.selectNodeContents(node);
      }

      if (controlList.some((control) => control.contains(parent))) {
        continue;
      }
      const boxes = rects.map((rect) => shown(parent, rect)).filter((box): box is Box => box !== null);
      if (boxes.length > 0) {
        units.push({ element: parent, what: `text "${snippet}"`, boxes });
      }
    }

    for (const unit of units) {
      const box = unit.boxes.reduce((all, next) => ({
        left: Math.min(all.left, next.left),
        right: Math.max(all.right, next.right),
        top: Math.min(all.top, next.top),
        bottom: Math.max(all.bottom, next.bottom),
      }));
      if (box.left < regionBox.left - 1 || box.right > regionBox.right + 1) {
        problems.push(`${unit.what} ${round(box)} sticks out of the ${regionName} ${round(regionBox)}`);
      } else if (box.left < -1 || box.right > viewportWidth + 1) {
        problems.push(`${unit.what} ${round(box)} sticks out of the viewport (${viewportWidth})`);
      }
    }

    /**
     * Boxes overlap when they share more than a sliver: glyphs of a tall script may reach a pixel or
     * two past their line, which is no collision.
     */
    const overlapping = (a: Box, b: Box) => {
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      const smaller = Math.min(a.bottom - a.top, b.bottom - b.top);
      return x > 2 && y > Math.max(2, smaller * 0.25);
    };
    const reported = new Set<string>();
    for (const [index, unit] of units.entries()) {
      for (const other of units.slice(index + 1)) {
        if (unit.element.contains(other.element) || other.element.contains(unit.element)) {
          continue;
        }
        const a = unit.boxes.find((box) => other.boxes.some((next) => overlapping(box, next)));
        const b = a ? other.boxes.find((next) => overlapping(a, next)) : undefined;
        if (a && b) {
          const line = `${unit.what} ${round(a)} overlaps ${other.what} ${round(b)}`;
          if (!reported.has(line)) {
            reported.add(line);
            problems.push(line);
          }
        }
      }
    }
    return problems.slice(0, 20);
  });
}
