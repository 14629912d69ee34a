import { NotificationsPage } from './NotificationsPage';

export function Component() {
  return <NotificationsPage />;
}
