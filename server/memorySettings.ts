/**
 * The server process's memory settings, whatever command starts it. glibc reads its allocator
 * settings from the environment once, when the process starts, so a process started without them
 * cannot take them any more: it starts the same entry again as a child with them set, passes
 * signals on to it and ends with its exit code. The Docker image sets them itself, so there the
 * server runs in one process.
 *   MALLOC_ARENA_MAX: libvips's and the workers' threads share two arenas instead of each keeping
 *     the memory it freed in one of its own.
 *   MALLOC_MMAP_THRESHOLD_: every block of 8 MB or more (a photo's pixels, an encoded size, a
 *     part of the book) is mapped on its own and given back when freed, instead of fragmenting
 *     the heap so that it cannot shrink.
 * And one V8 setting, given on the child's command line (the Docker image sets it in NODE_OPTIONS):
 *   --max-semi-space-size=2: V8 lets the young generation of each thread (the server's and the
 *     embedded database's) grow to 2 × 16 MB under a burst of requests and keeps it; 2 × 2 MB
 *     holds a request's short-lived objects as well, and the process idles about 50 MB lower.
 */
import { spawn } from 'node:child_process';

const MEMORY_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '8388608' } as const;
const V8_SETTINGS = ['--max-semi-space-size=2'];

/** Set in the child, so that it never starts another one whatever happens to its environment. */
const RELAUNCHED = 'YILLIK_RELAUNCHED';

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * True when this process started `entry` again as a child with the memory settings (its caller
 * then does nothing more); false when this process is the one to run the server.
 */
export function relaunchWithMemorySettings(entry: string): boolean {
  if (process.env[RELAUNCHED]) {
    // The parent holds the other end of this channel. Should the parent die without passing a
    // signal on (kill -9), the server goes down the same way rather than hold the port and data.
    if (process.channel) {
      process.channel.unref();
      process.once('disconnect', () => process.kill(process.pid, 'SIGKILL'));
    }
    return false;
  }
  const missing = Object.entries(MEMORY_SETTINGS).filter(([name]) => !process.env[name]);
  if (missing.length === 0) return false;

  // A setting of V8's the caller gave itself (on the command line or in NODE_OPTIONS) is kept as it is.
  const given = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
  const v8Settings = V8_SETTINGS.filter((flag) => !given.includes(flag.split('=')[0]!));
  const child = spawn(process.execPath, [...v8Settings, ...process.execArgv, entry, ...process.argv.slice(2)], {
    env: { ...process.env, ...Object.fromEntries(missing), [RELAUNCHED]: '1' },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  child.on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED) process.on(signal, forward);
  child.on('exit', (code, signal) => {
    for (const name of FORWARDED) process.off(name, forward);
    // Ended by a signal: this process ends by the same one, as a caller waiting for it expects.
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  return true;
}
