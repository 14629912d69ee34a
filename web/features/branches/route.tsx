import { useParams } from 'react-router';
import { useSession } from '../../session/store';
import { useSchool } from '../schools/api';
import { BranchesPage } from './BranchesPage';

export function Component() {
  const schoolId = Number(useParams().id);
  const info = useSession((s) => s.info);
  const level = info?.level;
  // Only the panel asks for the school's row; managers already hold their school in user info.
  const school = useSchool(level === 'panel' ? schoolId : null);
  const schoolName = level === 'panel' ? school.data?.item.name : info?.school?.name;
  return <BranchesPage key={schoolId} schoolId={schoolId} schoolName={schoolName} canWrite={level === 'panel' || level === 'school'} />;
}
