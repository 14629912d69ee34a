/**
 * The first load of /student/login and /veli/login (student-login.html, parent-login.html), which
 * students and parents open on their phones: React, the sign-in form and the styles it shows; not
 * the app's router, query cache or signed-in frames. Signing in opens the portal as a new page of
 * the whole app.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { turkishMessage } from '../common/zodTr';
import { themeOf } from './theme';
import { ToastHost } from './ToastHost';

// As in main.tsx: zod's settings, before zod loads with the first submit.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true, customError: turkishMessage };

/** Draws the portal's sign-in page in place of the markup drawn at build time. */
export function mountPortalLogin(page: ReactNode) {
  createRoot(document.getElementById('root')!).render(
    <MantineProvider theme={themeOf('#1c7ed6')}>
      <ToastHost signedIn={false} />
      {page}
    </MantineProvider>,
  );
}
