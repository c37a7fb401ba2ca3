// What `@mantine/hooks` means inside the app's build (see apps/web/mantine-stable-ids.ts): the
// library's hooks as they are, with its `useId` replaced by one that renders once.
export * from "@mantine/hooks";
export { useId } from "./stable-id.ts";
