import { Navigate, useParams } from 'react-router';
import { messageListType } from '../../../common/schemas/messages';
import { StudentMessagesPage } from './StudentMessagesPage';

export function Component() {
  const { type = '', id = '' } = useParams();
  const parsed = messageListType.safeParse(type);
  if (!parsed.success || !/^\d+$/.test(id)) return <Navigate to="/" replace />;
  return <StudentMessagesPage key={`${type}/${id}`} type={parsed.data} id={id} />;
}
