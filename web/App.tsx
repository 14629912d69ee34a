import { DatesProvider } from '@mantine/dates';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { queryClient } from './api/queryClient';
import { useTheme } from './theme';

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const theme = useTheme();
  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: 'tr', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Onayla', cancel: 'Vazgeç' }}>
            {/* Bottom right: toasts cover neither the header (user name, "Çıkış yap") nor a dialog's close button. */}
            <Notifications position="bottom-right" limit={5} />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
