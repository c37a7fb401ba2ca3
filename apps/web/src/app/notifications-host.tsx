import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { useDirection } from "@mantine/core";
import { Notifications } from "@mantine/notifications";

/**
 * Where toasts appear. Its own chunk (see providers.tsx): the sign-in pages show none while they load,
 * and `notifications.show` only writes to a store this host reads once it arrives. Toasts sit at the
 * bottom corner where reading ends: bottom right in English, bottom left in Arabic. At the top they
 * covered the header's controls (Logout, language, the phone's menu button) or, below it, the page's
 * own actions such as Add Item, for their whole life and longer while the pointer rested on them
 * (hovering pauses a toast's timer).
 */
export default function NotificationsHost() {
  const { dir } = useDirection();
  return <Notifications position={dir === "rtl" ? "bottom-left" : "bottom-right"} />;
}
