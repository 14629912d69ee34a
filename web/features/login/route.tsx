import { LoginPage } from './LoginPage';

export function Component() {
  return <LoginPage />;
}
