import { useParams } from 'react-router';
import { ConsentListPage } from './ConsentListPage';

export function Component() {
  const branchId = Number(useParams().id);
  return <ConsentListPage key={branchId} branchId={branchId} />;
}
