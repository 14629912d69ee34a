/** Toasts: a class and a message, cleared after 2.5 s. */
import { notifications } from '@mantine/notifications';
import type { ToastClass } from './api/client';

const TOAST_DURATION_MS = 2_500;

const COLORS: Record<ToastClass, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

export function toast(cls: ToastClass, message: string): void {
  notifications.show({
    message,
    color: COLORS[cls],
    autoClose: TOAST_DURATION_MS,
    className: `toast toast-${cls}`,
    withBorder: true,
  });
}
