/** The parents' routes: /veli/login, and /veli (the consent page) once signed in; both load with their route. */
import type { RouteObject } from 'react-router';

export const parentRoutes: RouteObject[] = [
  { path: '/veli/login', lazy: async () => ({ Component: (await import('./ParentLoginPage')).ParentLoginPage }) },
  {
    path: '/veli',
    lazy: async () => {
      const { ConsentPage, requireParent } = await import('./ConsentPage');
      return { Component: ConsentPage, loader: requireParent };
    },
  },
];
