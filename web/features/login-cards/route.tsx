import { useParams } from 'react-router';
import { LoginCardsPage } from './LoginCardsPage';

export function Component() {
  const branchId = Number(useParams().id);
  return <LoginCardsPage key={branchId} branchId={branchId} />;
}
