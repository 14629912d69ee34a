// The worker threads' entry when the server runs from source (tests, `npm run dev`): a worker
// does not inherit the main thread's TypeScript loader, so it registers tsx itself, for the
// TypeScript it loads here only. What the tasks import later is plain JavaScript (pdf.js), and
// through tsx's loader pdf.js alone would take some 300 MB more per thread than it does in the
// built server.
import { register } from 'tsx/esm/api';

const unregister = register();
const worker = await import('./worker.ts');
await unregister();
export default worker.default;
