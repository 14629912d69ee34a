/**
 * Where toasts show. Mantine's toast container (with its transitions and styles) is loaded with
 * the first toast rather than with the first page: `toast()` only writes to the toasts' store,
 * which keeps what was shown until the container is there to draw it.
 */
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export default function Toasts() {
  // Bottom right: toasts cover neither the header (user name, "Çıkış yap") nor a dialog's close button.
  return <Notifications position="bottom-right" limit={5} />;
}
