import { useDirection } from "@mantine/core";
import { Notifications } from "@mantine/notifications";

/**
 * Notifications appear at the top corner where reading starts and ends as the page does: top right in
 * English, top left in Arabic (right to left), clear of the mirrored header's controls alike.
 */
export function AppNotifications() {
  const { dir } = useDirection();
  return <Notifications position={dir === "rtl" ? "top-left" : "top-right"} />;
}
