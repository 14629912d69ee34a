import { SchoolsPage } from './SchoolsPage';
export { adminOnly as loader } from '../../session/access';

export function Component() {
  return <SchoolsPage />;
}
