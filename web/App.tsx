import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { queryClient } from './api/queryClient';
import { useSession } from './session/store';
import { ToastHost } from './ToastHost';
import { useTheme } from './useTheme';

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const theme = useTheme();
  const signedIn = useSession((s) => s.info !== null);
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ToastHost signedIn={signedIn} />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
