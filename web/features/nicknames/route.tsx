import { NicknamesScreen } from './NicknamesScreen';

export function Component() {
  return <NicknamesScreen />;
}
