import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/**
 * Where toasts appear. Its own chunk (see providers.tsx): the sign-in pages show none while they load,
 * and `notifications.show` only writes to a store this host reads once it arrives.
 */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}
