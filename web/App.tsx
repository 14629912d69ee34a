import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { useTheme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    // The call helper has already toasted a failure; a retry would toast it again.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

const Toasts = lazy(() => import('./Toasts'));

/** Mounts the toast container once there is a first toast, and keeps it from then on. */
function ToastHost() {
  const state = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && state.notifications.length + state.queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
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
