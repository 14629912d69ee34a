import { useParams } from 'react-router';
import { tr } from '../../../common/tr';
import { useSession } from '../../session/store';
import { useBranch } from '../branches/api';
import { ManagersPage } from './ManagersPage';

export function Component() {
  const branchId = Number(useParams().id);
  const level = useSession((s) => s.info?.level);
  const branch = useBranch(branchId);
  return (
    <ManagersPage
      key={branchId}
      kind="branch"
      ownerId={branchId}
      title={tr.pages.branchManagers}
      subtitle={branch.data?.item.name}
      canWrite={level === 'panel' || level === 'school'}
    />
  );
}
