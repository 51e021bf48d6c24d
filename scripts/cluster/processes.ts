// The cluster's child processes: each in a process group of its own (Ctrl-C reaches only the
// supervisor, which stops them in order), its output streamed line by line behind its name.
import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** Set once the supervisor asked it to stop (its end is then no surprise). */
  stopping: boolean;
}

let width = 8;
/** Pads the prefixes to the longest name seen so far, so the columns line up. */
export function prefix(name: string): string {
  width = Math.max(width, name.length);
  return `[${name.padEnd(width)}]`;
}

export function say(name: string, line: string): void {
  process.stdout.write(`${prefix(name)} ${line}\n`);
}

export function startChild(
  name: string, command: string, args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; uid?: number; gid?: number; onExit?: (child: Child, code: number | string) => void },
): Child {
  const proc = spawn(command, args, { env: opts.env ?? process.env, cwd: opts.cwd, uid: opts.uid, gid: opts.gid, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [proc.stdout, proc.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => say(name, line));
  }
  const child: Child = { name, process: proc, stopping: false, exited: Promise.resolve(0) };
  child.exited = new Promise((resolve) => {
    proc.once('error', (err) => {
      say(name, `could not start: ${err.message}`);
      resolve('error');
    });
    proc.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  void child.exited.then((code) => opts.onExit?.(child, code));
  return child;
}

const alive = (child: Child) => child.process.exitCode === null && child.process.signalCode === null;

/**
 * Signals the child's whole process group (so nothing it started outlives it), even once the
 * child itself has ended: what it started may still run (pg_autoctl's Postgres).
 */
export function signalGroup(child: Child, signal: NodeJS.Signals): void {
  if (child.process.pid === undefined) return;
  try {
    process.kill(-child.process.pid, signal);
  } catch { /* already gone */ }
}

/** SIGTERM (a clean shutdown), then SIGKILL to the group after `graceMs`. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  child.stopping = true;
  if (!alive(child)) {
    signalGroup(child, 'SIGKILL');
    return;
  }
  child.process.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), graceMs); });
  if ((await Promise.race([child.exited, late])) === 'late') {
    say(child.name, `did not stop within ${graceMs / 1000} s: SIGKILL`);
    signalGroup(child, 'SIGKILL');
    await child.exited;
  }
  clearTimeout(timer);
  // Whatever it started and left behind in its group goes too.
  signalGroup(child, 'SIGKILL');
}
