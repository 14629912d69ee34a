import { useParams } from 'react-router';
import { AlbumPage } from './AlbumPage';

export function Component() {
  const id = Number(useParams().id);
  return <AlbumPage key={id} albumId={id} />;
}
