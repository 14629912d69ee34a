import { useParams } from 'react-router';
import { tr } from '../../../common/tr';
import { StaffMessagesScreen } from '../messages/StaffMessagesScreen';

export function Component() {
  const { id = '' } = useParams();
  return <StaffMessagesScreen key={id} kind="branch" id={id} title={tr.pages.branchMessages} />;
}
