// `npm test`: every layer of the suite, then a table of each layer's wall time and tests. The
// checks, the build and the pure unit tests share the first stage. The database layer and the
// browser layer then run one after the other: each keeps both cores busy on its own (the browser
// layer at about four fifths, the database layer at about three quarters), and side by side they
// asked for about twice the machine, so screens and documents waited past their budgets (CI of
// 2026-11-29: 3,745 s, eight browser and three server tests out of time). The one test that
// measures latency runs last, alone.
import { runStep, testCounts, type StepResult } from './run-step.ts';

interface Step {
  name: string;
  /** The program and its arguments. */
  command: string[];
}
/** Steps in a chain run one after another (the budget reads the build); a failure ends its chain. */
type Chain = Step[];
const step = (name: string, ...command: string[]): Step => ({ name, command });

const STAGES: Chain[][] = [
  [
    [step('typecheck', 'npx', 'tsc', '--noEmit')],
    [step('lint', 'npx', 'eslint', '.')],
    // The client is built again only when its sources changed (scripts/build-client.ts); the
    // server is compiled as npm start runs it, and the browser tests run that.
    [step('build', 'npx', 'tsx', 'scripts/build-client.ts', '--if-changed'), step('build-server', 'npx', 'tsx', 'scripts/build-server.ts'), step('budget', 'npx', 'tsx', 'scripts/bundle-budget.ts')],
    [step('unit', 'npx', 'vitest', 'run', '--project', 'unit')],
  ],
  [[step('server', 'npx', 'vitest', 'run', '--project', 'server', '--project', 'system')]],
  [[step('browser', 'npx', 'playwright', 'test')]],
  [[step('system-quiet', 'npx', 'vitest', 'run', '--project', 'system-quiet')]],
];

async function runChain(chain: Chain): Promise<(StepResult | { name: string; skipped: true })[]> {
  const results: (StepResult | { name: string; skipped: true })[] = [];
  let failed = false;
  for (const { name, command } of chain) {
    if (failed) results.push({ name, skipped: true });
    else {
      const result = await runStep(name, command[0]!, command.slice(1));
      failed = !result.ok;
      results.push(result);
    }
  }
  return results;
}

const started = Date.now();
const results: (StepResult | { name: string; skipped: true })[] = [];
for (const stage of STAGES) {
  for (const chainResults of await Promise.all(stage.map(runChain))) results.push(...chainResults);
}
const total = (Date.now() - started) / 1000;

const failures = results.filter((r): r is StepResult => 'ok' in r && !r.ok);
// CI keeps the end of the output: each failed layer's last lines, then the table.
for (const failure of failures) {
  console.log(`\n── ${failure.name} failed; its last lines ──\n${failure.output.split('\n').slice(-80).join('\n')}`);
}
const rows = [['layer', 'time', 'result'], ...results.map((r) => ('skipped' in r
  ? [r.name, '—', 'skipped (an earlier step of its chain failed)']
  : [r.name, `${r.seconds.toFixed(0)} s`, `${r.ok ? 'passed' : 'FAILED'}${testCounts(r.output) ? `: ${testCounts(r.output)}` : ''}`]))];
rows.push(['total (wall)', `${total.toFixed(0)} s`, failures.length === 0 ? 'all passed' : `${failures.length} failed`]);
const width = (i: number) => Math.max(...rows.map((row) => row[i]!.length));
console.log('');
for (const [name, time, result] of rows) console.log(`${name!.padEnd(width(0))}  ${time!.padStart(width(1))}  ${result}`);
process.exitCode = failures.length === 0 ? 0 : 1;
