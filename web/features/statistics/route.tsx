import { HomePage } from './HomePage';

export function Component() {
  return <HomePage />;
}
