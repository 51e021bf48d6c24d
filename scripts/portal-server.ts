// Runs the real server (compiled, as npm start runs it, on the built dist/) as a child process for the scripts
// that measure it from outside: the page measurement and the load benchmark.
import { spawn } from 'node:child_process';
import { serverArgs } from './server-command.ts';

type Health = { ok: boolean; indexes?: Record<string, string> };

/**
 * Starts the server and resolves once it answers and its in-memory indexes are built (the server
 * answers from SQL before: a measurement is of the steady state). `firstAnswerS` and `indexesS`
 * say how long each took.
 */
export async function startPortal(options: { port: number; dataDir: string; env?: Record<string, string> }) {
  const base = `http://127.0.0.1:${options.port}`;
  const health = () => fetch(`${base}/api/health`).then((r) => (r.ok ? (r.json() as Promise<Health>) : null), () => null);
  const answers = async () => (await health()) !== null;
  if (await answers()) throw new Error(`Port ${options.port} is taken: choose another one`);
  // Its own process group, so stopping it stops the API processes it forks too.
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, LOG_LEVEL: 'warn', ...options.env, PORT: String(options.port), DATA_DIR: options.dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = false;
  const gone = new Promise<void>((resolve) => child.on('exit', () => resolve(void (exited = true))));
  /**
   * Stops it; resolves once it has exited, its database closed (at 100 M lines that took longer
   * than the 3 s a benchmark used to wait, and the next server on the folder was refused).
   */
  const stop = async () => {
    if (!exited) process.kill(-child.pid!, 'SIGTERM');
    await gone;
  };
  const t0 = performance.now();
  let firstAnswerS: number | null = null;
  // Each API process says whether it holds the indexes (built, or mapped from another's file) and a request reaches any one: several answers in a row say done.
  let doneInARow = 0;
  for (let i = 0; i < 6000 && !exited; i++) {
    const now = await health();
    if (now && firstAnswerS === null) firstAnswerS = (performance.now() - t0) / 1000;
    doneInARow = now && !Object.values(now.indexes ?? {}).includes('building') ? doneInARow + 1 : 0;
    if (doneInARow >= 6) return { base, pid: child.pid!, stop, firstAnswerS: firstAnswerS!, indexesS: (performance.now() - t0) / 1000 };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('The server did not start (see its messages above)');
}
