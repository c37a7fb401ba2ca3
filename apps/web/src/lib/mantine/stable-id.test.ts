import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useId } from "./stable-id.ts";

function Labelled({ id }: { id?: string }) {
  return createElement("input", { id: useId(id) });
}

function idsIn(html: string): string[] {
  return [...html.matchAll(/id="([^"]*)"/g)].map((match) => match[1] as string);
}

describe("Mantine's useId, rendering once", () => {
  it("gives each component React's own id in Mantine's form, distinct and fit for a CSS selector", () => {
    const ids = idsIn(
      renderToString(createElement(Fragment, null, createElement(Labelled), createElement(Labelled))),
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) {
      expect(id).toMatch(/^mantine-[A-Za-z0-9_-]+$/);
    }
  });

  it("keeps an id that is given", () => {
    expect(idsIn(renderToString(createElement(Labelled, { id: "item-number" })))).toEqual(["item-number"]);
  });

  it("gives the same tree the same ids each time it is drawn, with nothing random in them", () => {
    const tree = () => createElement(Fragment, null, createElement(Labelled), createElement(Labelled));
    expect(idsIn(renderToString(tree()))).toEqual(idsIn(renderToString(tree())));
  });
});
