// One layer of the test suite as a child process: its lines go out as they come, each prefixed
// with the layer's name (layers run side by side), and are kept whole for the summary.
import { spawn } from 'node:child_process';

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  output: string;
}

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function runStep(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<StepResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const kept: string[] = [];
    let partial = '';
    const take = (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).replace(ANSI, '').split(/\r?\n|\r/);
      partial = lines.pop() ?? '';
      for (const line of lines) {
        kept.push(line);
        process.stdout.write(`[${name}] ${line}\n`);
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      if (partial) take(Buffer.from('\n'));
      resolve({ name, ok: code === 0, seconds: (Date.now() - started) / 1000, output: kept.join('\n') });
    });
    child.on('error', (error) => resolve({ name, ok: false, seconds: 0, output: String(error) }));
  });
}

/** What a layer's own summary says it ran: vitest's "Tests …" line, Playwright's "N passed" lines. */
export function testCounts(output: string): string {
  const vitest = output.match(/^\s*Tests\s+(.+)$/m);
  if (vitest) return vitest[1]!.trim();
  const playwright = [...output.matchAll(/^\s+(\d+ (?:passed|failed|flaky|skipped|did not run|interrupted))\b/gm)].map((m) => m[1]);
  return playwright.join(', ');
}
