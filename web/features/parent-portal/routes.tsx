/** The parents' routes: /veli/login, and /veli (the consent page) once signed in. */
import { redirect, type RouteObject } from 'react-router';
import { useParentSession } from './session';

export const parentRoutes: RouteObject[] = [
  { path: '/veli/login', lazy: async () => ({ Component: (await import('./ParentLoginPage')).ParentLoginPage }) },
  {
    path: '/veli',
    loader: () => (useParentSession.getState().token ? null : redirect('/veli/login')),
    lazy: async () => ({ Component: (await import('./ConsentPage')).ConsentPage }),
  },
];
