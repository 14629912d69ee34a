import { useParams } from 'react-router';
import { EventPagesPage } from './EventPagesPage';

export function Component() {
  const albumId = Number(useParams().id);
  return <EventPagesPage key={albumId} albumId={albumId} />;
}
