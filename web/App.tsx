import { DatesProvider } from '@mantine/dates';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { useTheme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    // The call helper has already toasted a failure; a retry would toast it again.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const theme = useTheme();
  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: 'tr', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Onayla', cancel: 'Vazgeç' }}>
            <Notifications position="top-right" limit={5} />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
