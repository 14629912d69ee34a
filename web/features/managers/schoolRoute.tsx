import { useParams } from 'react-router';
import { tr } from '../../../common/tr';
import { ManagersPage } from './ManagersPage';
import { useSchool } from '../schools/api';
export { adminOnly as loader } from '../../session/access';

export function Component() {
  const schoolId = Number(useParams().id);
  const school = useSchool(schoolId);
  return <ManagersPage key={schoolId} kind="school" ownerId={schoolId} title={tr.pages.schoolManagers} subtitle={school.data?.item.name} canWrite />;
}
