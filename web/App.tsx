import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { queryClient } from './api/queryClient';
import { useSession } from './session/store';
import { useTheme } from './useTheme';

/**
 * Loads and mounts the toast container once someone is signed in (before any dialog opens, which
 * would hide a container added later from screen readers), or with the first toast of the login
 * page; and keeps it from then on. A plain import rather than React.lazy: Suspense may hold back
 * showing it on a timer, and a toast must appear at once.
 */
function ToastHost() {
  const state = useNotifications();
  const signedIn = useSession((s) => s.info !== null);
  const [Toasts, setToasts] = useState<ComponentType | null>(null);
  const needed = signedIn || state.notifications.length + state.queue.length > 0;
  useEffect(() => {
    if (needed && !Toasts) void import('./Toasts').then((module) => setToasts(() => module.default));
  }, [needed, Toasts]);
  return Toasts ? <Toasts /> : null;
}

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const theme = useTheme();
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
