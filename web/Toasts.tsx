/**
 * Where toasts show. Mantine's toast container (with its transitions and styles) is loaded with
 * the first toast rather than with the first page: `toast()` only writes to the toasts' store,
 * which keeps what was shown until the container is there to draw it.
 */
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { usePhoneLayout } from './components/list/RecordTable';

export default function Toasts() {
  const phone = usePhoneLayout();
  // On a phone a stack of toasts at the bottom covered the page and the student's tab bar: the
  // newest alone, over the header's band at the top, the screen's width (styles.css).
  if (phone) return <Notifications position="top-center" limit={1} />;
  // Bottom right: toasts cover neither the header (user name, "Çıkış yap") nor a dialog's close button.
  return <Notifications position="bottom-right" limit={5} />;
}
