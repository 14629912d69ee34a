/**
 * What only the signed-in frame needs, loaded with it rather than with the login page: the whole
 * Mantine stylesheet (the login page carries only its own components' styles), the date pickers'
 * styles and Turkish dates, and the confirm dialogs' provider.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { ReactNode } from 'react';

dayjs.extend(customParseFormat);
dayjs.locale('tr');

export function FrameProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'tr', firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: 'Onayla', cancel: 'Vazgeç' }}>{children}</ModalsProvider>
    </DatesProvider>
  );
}
