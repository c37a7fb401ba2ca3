import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { useDirection } from "@mantine/core";
import { Notifications } from "@mantine/notifications";

/**
 * Where toasts appear. Its own chunk (see providers.tsx): the sign-in pages show none while they load,
 * and `notifications.show` only writes to a store this host reads once it arrives. Toasts sit at the
 * top corner where reading ends as the page does: top right in English, top left in Arabic.
 */
export default function NotificationsHost() {
  const { dir } = useDirection();
  return <Notifications position={dir === "rtl" ? "top-left" : "top-right"} />;
}
