import { YearbookScreen } from './YearbookScreen';

export function Component() {
  return <YearbookScreen />;
}
