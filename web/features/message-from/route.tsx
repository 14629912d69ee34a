import { StudentCountsPage } from '../messages/StudentCountsPage';

export function Component() {
  return <StudentCountsPage direction="from" />;
}
