import { useNotifications } from '@mantine/notifications';
import { useEffect, useState, type ComponentType } from 'react';

/**
 * Loads and mounts the toast container once someone is signed in (before any dialog opens, which
 * would hide a container added later from screen readers), or with the first toast of a sign-in
 * page; and keeps it from then on. A plain import rather than React.lazy: Suspense may hold back
 * showing it on a timer, and a toast must appear at once.
 */
export function ToastHost({ signedIn }: { signedIn: boolean }) {
  const state = useNotifications();
  const [Toasts, setToasts] = useState<ComponentType | null>(null);
  const needed = signedIn || state.notifications.length + state.queue.length > 0;
  useEffect(() => {
    if (needed && !Toasts) void import('./Toasts').then((module) => setToasts(() => module.default));
  }, [needed, Toasts]);
  return Toasts ? <Toasts /> : null;
}
