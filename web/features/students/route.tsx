import { useParams } from 'react-router';
import { StudentsPage } from './StudentsPage';

export function Component() {
  const branchId = Number(useParams().id);
  return <StudentsPage key={branchId} branchId={branchId} />;
}
