import { ConsentTextsPage } from './ConsentTextsPage';

export function Component() {
  return <ConsentTextsPage />;
}
