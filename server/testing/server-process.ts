// The real server (tsx server/main.ts) as a child process on DATA_DIR, for the tests that kill it
// and start it again: its own process group, so a kill of the group takes its postgres down too,
// while a kill of its pid alone is a crash its postgres must not outlive.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Sends the signal to the server's whole process group (node and its postgres). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/**
 * Starts the server and resolves once /api/health answers; the error holds its stderr when it does not.
 * One API process unless `env` asks for more: the tests of several processes say so, and each
 * process more (and its warm spare) is one more Node loading the whole server on a 2-core machine.
 */
export async function startServer(port: number, dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  // node itself (not npx): the child's pid is the server's, for a test that kills only it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_MERCHANTS: '20', SEED_MONTHS: '2', LOG_LEVEL: 'error', SMTP_URL: '', API_PROCESSES: '1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  for (let i = 0; i < 600; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not start (exit code ${child.exitCode}):\n${stderr}`);
}

/** Starts `npm run worker` (server/worker.ts) in its own process group and resolves once it says it is ready. */
export async function startWorker(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (output.includes('worker ready')) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the worker did not start (exit code ${child.exitCode}):\n${output}`);
}
