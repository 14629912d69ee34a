import { NotificationsPage } from './NotificationsPage';

export const Component = NotificationsPage;
