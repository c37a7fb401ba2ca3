import { useId as useReactId } from "react";

/**
 * Mantine's `useId`, without its second render. @mantine/hooks starts from React's id and then, in a
 * layout effect, swaps it for a random one: every component using it (the AppShell and its header
 * and navbar, every input's wrapper, menus, tooltips, selects) renders twice before its first paint,
 * its context consumers with it, even when an id is given. React's own id is already unique in the
 * page and stable for the component's life, so it is kept as it is, in Mantine's form.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/[:«»]/g, "")}`;
}
