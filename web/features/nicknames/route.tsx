import { NicknamesPage } from './NicknamesPage';

export function Component() {
  return <NicknamesPage />;
}
