// `npm run test:repeat -- N`: the flake hunt. Runs the system and browser layers N times with no
// retries and lists every test that failed at least once, with how often. A test listed here is
// fixed, not retried (docs/testing.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runStep } from './run-step.ts';

const runs = Number(process.argv[2] ?? '5');
if (!Number.isInteger(runs) || runs < 1) throw new Error('usage: npm run test:repeat -- <runs ≥ 1>');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-repeat-'));
/** Test title → the runs it failed in. */
const failed = new Map<string, number[]>();
const note = (title: string, run: number) => failed.set(title, [...(failed.get(title) ?? []), run]);

interface VitestReport { testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[] }
interface PlaywrightSuite { title: string; file?: string; suites?: PlaywrightSuite[]; specs?: { title: string; file: string; tests: { results: { status: string }[] }[] }[] }

function playwrightFailures(suite: PlaywrightSuite, run: number, trail: string[] = []) {
  const here = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    const bad = spec.tests.some((t) => t.results.some((r) => r.status !== 'passed' && r.status !== 'skipped'));
    if (bad) note(`browser: ${[...here, spec.title].join(' › ')}`, run);
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, run, here);
}

const readJson = <T>(file: string): T | null => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null);

const build = await runStep('build', 'npx', ['tsx', 'scripts/build-client.ts', '--if-changed']);
if (!build.ok) throw new Error('the client did not build');
for (let run = 1; run <= runs; run++) {
  const vitestFile = path.join(dir, `system-${run}.json`);
  const system = await runStep(`system ${run}/${runs}`, 'npx', ['vitest', 'run', '--project', 'system*', '--reporter=dot', '--reporter=json', `--outputFile.json=${vitestFile}`]);
  const vitest = readJson<VitestReport>(vitestFile);
  if (!vitest && !system.ok) note('system: the run itself failed (see its output)', run);
  for (const file of vitest?.testResults ?? []) {
    for (const test of file.assertionResults) if (test.status === 'failed') note(`system: ${path.relative(process.cwd(), file.name)} › ${test.fullName}`, run);
  }

  const playwrightFile = path.join(dir, `browser-${run}.json`);
  const browser = await runStep(`browser ${run}/${runs}`, 'npx', ['playwright', 'test', '--retries=0', '--reporter=dot,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightFile });
  const report = readJson<{ suites: PlaywrightSuite[] }>(playwrightFile);
  if (!report && !browser.ok) note('browser: the run itself failed (see its output)', run);
  for (const suite of report?.suites ?? []) playwrightFailures(suite, run);
}

console.log(`\n${runs} run(s) of the system and browser layers, no retries.`);
if (failed.size === 0) console.log('No test failed.');
for (const [title, inRuns] of [...failed].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`  ✘ ${title} — failed ${inRuns.length} of ${runs} (run ${inRuns.join(', ')})`);
}
process.exitCode = failed.size === 0 ? 0 : 1;
