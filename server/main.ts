/**
 * Starts Yıllık Paneli (`npm start`, the Docker image, the browser tests): with the process's
 * memory settings, then the server (serve.ts).
 */
import { fileURLToPath } from 'node:url';
import { relaunchWithMemorySettings } from './memorySettings';

// The server's modules load only in the process that runs it, not in a parent that only waits.
if (!relaunchWithMemorySettings(fileURLToPath(import.meta.url))) await import('./serve');
