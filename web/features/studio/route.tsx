import { StudioPage } from './StudioPage';

export function Component() {
  return <StudioPage />;
}
