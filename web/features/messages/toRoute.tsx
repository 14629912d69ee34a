import { StudentCountsPage } from './StudentCountsPage';

export function Component() {
  return <StudentCountsPage direction="to" />;
}
