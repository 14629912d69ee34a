import { AccountPage } from './AccountPage';

export function Component() {
  return <AccountPage />;
}
