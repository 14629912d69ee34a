import { useParams } from 'react-router';
import { AlbumsPage } from './AlbumsPage';

export function Component() {
  const id = Number(useParams().id);
  return <AlbumsPage key={id} owner={{ kind: 'school', id }} />;
}
