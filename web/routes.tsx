/**
 * The app's routes. Route modules are thin and lazy: each feature folder has a `route.tsx` whose
 * `function Component()` reads the route's parameters and renders the feature's page, with
 * `export { … as loader }` where the route needs one.
 */
import { redirect, type RouteObject } from 'react-router';
import { isLevel } from '../common/levels';
import { RouteError } from './layout/RouteError';
import { requireUser } from './session/access';
import { studentRoutes } from './features/student-portal/routes';
import { parentRoutes } from './features/parent-portal/routes';

export const routes: RouteObject[] = [
  ...studentRoutes,
  ...parentRoutes,
  // An event album's upload link: anyone with it, no account.
  { path: '/yukle/:token', lazy: async () => ({ Component: (await import('./features/albums/PublicUploadPage')).PublicUploadPage }) },
  {
    path: '/:page/login',
    loader: ({ params }) => (isLevel(params.page) ? null : redirect('/')),
    lazy: () => import('./features/login/route'),
    errorElement: <RouteError />,
  },
  {
    path: '/',
    // The frame loads with the first signed-in screen, not with the login page.
    lazy: async () => ({ Component: (await import('./layout/MainLayout')).MainLayout }),
    errorElement: <RouteError />,
    loader: requireUser,
    // The guard runs on every navigation, so a session cleared meanwhile is noticed.
    shouldRevalidate: () => true,
    children: [
      { index: true, lazy: () => import('./features/statistics/route') },
      { path: 'schools', handle: { admin: true }, lazy: () => import('./features/schools/route') },
      { path: 'school-managers/:id', lazy: () => import('./features/managers/schoolRoute') },
      { path: 'school-messages/:id', lazy: () => import('./features/messages/schoolRoute') },
      { path: 'branches/:id', lazy: () => import('./features/branches/route') },
      { path: 'branch-managers/:id', lazy: () => import('./features/managers/branchRoute') },
      { path: 'branch-messages/:id', lazy: () => import('./features/messages/branchRoute') },
      { path: 'students/:id', lazy: () => import('./features/students/route') },
      { path: 'messages/:type/:id', lazy: () => import('./features/messages/route') },
      { path: 'design', lazy: () => import('./features/design/route') },
      { path: 'yearbook', lazy: () => import('./features/yearbook/route') },
      { path: 'event-pages', lazy: () => import('./features/event-pages/route') },
      { path: 'event-pages/:id', lazy: () => import('./features/event-pages/albumRoute') },
      { path: 'notifies', lazy: () => import('./features/notifications/route') },
      { path: 'studio', lazy: () => import('./features/studio/route') },
      { path: 'consent-texts', lazy: () => import('./features/studio/consentTextsRoute') },
      { path: 'message-from', lazy: () => import('./features/messages/fromRoute') },
      { path: 'message-to', lazy: () => import('./features/messages/toRoute') },
      { path: 'nickname-messages', lazy: () => import('./features/nicknames/route') },
      { path: 'account', lazy: () => import('./features/account/route') },
      { path: 'login-cards/:id', lazy: () => import('./features/login-cards/route') },
      { path: 'consent-list/:id', lazy: () => import('./features/consents/route') },
      { path: 'albums/:id/faces', lazy: () => import('./features/faces/route') },
      { path: 'school-albums/:id', lazy: () => import('./features/albums/schoolRoute') },
      { path: 'branch-albums/:id', lazy: () => import('./features/albums/branchRoute') },
      { path: 'albums/:id', lazy: () => import('./features/albums/route') },
    ],
  },
  // Any unknown path redirects to '/'.
  { path: '*', loader: () => redirect('/') },
];
