import { StudentCountsScreen } from '../messages/StudentCountsScreen';

export function Component() {
  return <StudentCountsScreen direction="to" />;
}
