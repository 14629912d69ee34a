import { useParams } from 'react-router';
import { tr } from '../../../common/tr';
import { StaffMessagesPage } from './StaffMessagesPage';

export function Component() {
  const { id = '' } = useParams();
  return <StaffMessagesPage key={id} kind="school" id={id} title={tr.pages.schoolMessages} />;
}
