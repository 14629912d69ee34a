/** The student pages' routes: /student/login, and the pages inside the student layout. */
import type { RouteObject } from 'react-router';

export const studentRoutes: RouteObject[] = [
  { path: '/student/login', lazy: () => import('./StudentLoginPage') },
  {
    path: '/student',
    lazy: () => import('./StudentLayout'),
    shouldRevalidate: () => false,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./StudentHomePage')).StudentHomePage }) },
      { path: 'classmates', lazy: async () => ({ Component: (await import('./ClassmatesPage')).ClassmatesPage }) },
      { path: 'write/:id', lazy: async () => ({ Component: (await import('./WritePage')).WritePage }) },
      { path: 'nicknames', lazy: async () => ({ Component: (await import('./NicknamesPage')).NicknamesPage }) },
      { path: 'me', lazy: async () => ({ Component: (await import('./MyPage')).MyPage }) },
      { path: 'yearbook', lazy: async () => ({ Component: (await import('./DigitalYearbookPage')).DigitalYearbookPage }) },
      { path: 'photos', lazy: async () => ({ Component: (await import('./EventPhotosPage')).EventPhotosPage }) },
      { path: 'notifications', lazy: async () => ({ Component: (await import('./NotificationsPage')).NotificationsPage }) },
    ],
  },
];
