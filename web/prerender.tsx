/**
 * The sign-in pages' markup, drawn at build time (scripts/build.mjs) into a copy of index.html each,
 * so that a phone paints the form with the HTML and its stylesheet instead of after the whole app.
 * The app then starts as on any other page and draws the same form in its place.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LEVELS } from '../common/levels';
import { LoginPage } from './features/login/LoginPage';
import { Component as ParentLoginPage } from './features/parent-portal/ParentLoginPage';
import { Component as StudentLoginPage } from './features/student-portal/StudentLoginPage';
import { themeOf } from './theme';

/** Each page drawn: its path, what stands there, and the built page it is drawn into. */
export const prerenderedPages: Array<{ path: string; page: ReactNode; html: string }> = [
  ...LEVELS.map((level) => ({ path: `/${level}/login`, page: <LoginPage />, html: 'index.html' })),
  // The portals' sign-in pages start from their own lean first load (web/portalLogin.tsx).
  { path: '/student/login', page: <StudentLoginPage />, html: 'student-login.html' },
  { path: '/veli/login', page: <ParentLoginPage />, html: 'parent-login.html' },
];

/** The page's markup, in the app's default theme (the studio's colour comes with a session). */
export function prerender(path: string, page: ReactNode): string {
  return renderToString(
    <MantineProvider theme={themeOf('#1c7ed6')}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/:page/login" element={page} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
