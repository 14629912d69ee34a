/** The parents' routes: /veli/login, and /veli (the consent page) once signed in; both load with their route. */
import type { RouteObject } from 'react-router';

export const parentRoutes: RouteObject[] = [
  { path: '/veli/login', lazy: () => import('./ParentLoginPage') },
  { path: '/veli', lazy: () => import('./ConsentPage') },
];
