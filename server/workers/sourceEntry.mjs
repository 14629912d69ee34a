// The worker threads' entry when the server runs from source (tests, `npm run dev`): a worker
// does not inherit the main thread's TypeScript loader, so it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./worker.ts');
export default worker.default;
