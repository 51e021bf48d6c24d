// Where a worker's code starts, for a worker thread or a child process. `npm start` runs the
// compiled server (build/server, scripts/build-server.ts): there each worker is its own .js file
// and Node needs nothing more. From TypeScript (tsx in development, vitest in tests) a new thread
// or process has no loader: a thread starts at the one bootstrap, ts-worker.mjs, and a process is
// forked with tsx's --import.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const compiled = import.meta.url.endsWith('.js');
const asJs = (module: URL) => new URL(module.href.replace(/\.ts$/, '.js'));

/**
 * A worker thread's file and the workerData it starts with, for the worker module given as its
 * TypeScript URL (`new URL('./x-worker.ts', import.meta.url)`). Piscina takes the same pair.
 */
export function threadEntry(module: URL, data: Record<string, unknown> = {}): { filename: string; workerData: Record<string, unknown> } {
  return compiled
    ? { filename: asJs(module).href, workerData: data }
    : { filename: new URL('./ts-worker.mjs', import.meta.url).href, workerData: { ...data, entry: module.href } };
}

/** The module to fork and its Node options, for a child process's module given as its TypeScript URL. */
export function processEntry(module: URL): { modulePath: string; execArgv: string[] } {
  if (compiled) return { modulePath: fileURLToPath(asJs(module)), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { modulePath: fileURLToPath(module), execArgv: ['--import', tsx] };
}
