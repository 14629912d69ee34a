import { DesignPage } from './DesignPage';

export function Component() {
  return <DesignPage />;
}
