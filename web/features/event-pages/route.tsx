import { EventAlbumsPage } from './EventAlbumsPage';

export function Component() {
  return <EventAlbumsPage />;
}
