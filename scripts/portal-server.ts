// Runs the real server (compiled, as npm start runs it, on the built dist/) as a child process for the scripts
// that measure it from outside: the page measurement and the load benchmark.
import { spawn } from 'node:child_process';
import { serverArgs } from './server-command.ts';

export async function startPortal(options: { port: number; dataDir: string; env?: Record<string, string> }) {
  const base = `http://127.0.0.1:${options.port}`;
  const answers = () => fetch(`${base}/api/health`).then((r) => r.ok, () => false);
  if (await answers()) throw new Error(`Port ${options.port} is taken: choose another one`);
  // Its own process group, so stopping it stops the API processes it forks too.
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, LOG_LEVEL: 'warn', ...options.env, PORT: String(options.port), DATA_DIR: options.dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = () => {
    if (!exited) process.kill(-child.pid!, 'SIGTERM');
  };
  for (let i = 0; i < 1200 && !exited; i++) {
    if (await answers()) return { base, pid: child.pid!, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('The server did not start (see its messages above)');
}
