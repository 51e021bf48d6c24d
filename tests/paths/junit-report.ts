import { existsSync, readFileSync } from 'node:fs';
import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { type BrowserReplays, replayWords } from './browser-replays.ts';
import { cataloguePaths } from './catalogue-paths.ts';
import { NothingToRead } from './cli-options.ts';
import { escapeHtml as escape } from './html-escape.ts';

/**
 * JUnit XML of the last browser replay, from Playwright's JSON report: a test case per catalogue
 * path of each machine with a browser mapping, passed/failed/skipped as the report says; a path
 * the report does not hold is skipped with why (not replayed, or not in that run).
 */

interface PwResult {
  status: string;
  duration: number;
  error?: { message?: string };
}
interface PwSuite {
  title: string;
  specs?: { title: string; tests: { status: string; results: PwResult[] }[] }[];
  suites?: PwSuite[];
}

export interface PathResult {
  status: 'passed' | 'failed' | 'skipped';
  seconds: number;
  message?: string;
}

/** Results by path id, from the titles `testModelPaths` gives (`<id> ends in <state>`). */
export function resultsByPath(report: { suites?: PwSuite[] }): Map<string, PathResult> {
  const found = new Map<string, PathResult>();
  const visit = (suite: PwSuite) => {
    for (const spec of suite.specs ?? []) {
      const id = /^(\S+\/[0-9a-f]{8}(?:-\d+)?) ends in /.exec(spec.title)?.[1];
      const test = spec.tests.at(-1);
      const result = test?.results.at(-1);
      if (!id || !test) continue;
      const status = test.status === 'skipped' ? 'skipped' : test.status === 'expected' || test.status === 'flaky' ? 'passed' : 'failed';
      found.set(id, { status, seconds: (result?.duration ?? 0) / 1000, ...(result?.error?.message ? { message: result.error.message } : {}) });
    }
    suite.suites?.forEach(visit);
  };
  report.suites?.forEach(visit);
  return found;
}

export function readResults(file: string): Map<string, PathResult> {
  if (!existsSync(file)) {
    throw new NothingToRead(
      `No browser replay results at ${file}. Every Playwright run writes them there (playwright.config.ts); run the model specs first, e.g.\n` +
        '  npx playwright test tests/browser/model-paged-rebates.spec.ts\n' +
        "or pass --results FILE (a report of Playwright's json reporter).",
    );
  }
  return resultsByPath(JSON.parse(readFileSync(file, 'utf8')) as { suites?: PwSuite[] });
}

// XML text: the HTML escape plus no control characters (terminal colours in Playwright's messages).
const xml = (s: string) => escape(s.replace(/\u001b\[[0-9;]*m/g, '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''));

export function junitXml(machines: readonly RegisteredMachine[], replays: BrowserReplays, results: ReadonlyMap<string, PathResult>): string {
  const suites = machines
    .filter((entry) => replays.has(entry.name) || cataloguePaths(entry).some((p) => results.has(p.id)))
    .map((entry) => {
      const cases = cataloguePaths(entry).map((p) => {
        const r = results.get(p.id);
        const open = `    <testcase classname="${xml(entry.name)}" name="${xml(p.id)}" time="${(r?.seconds ?? 0).toFixed(3)}"`;
        if (!r) return `${open}><skipped message="${xml(`${replayWords(replays, entry.name, p.id)}; not in the last run`)}"/></testcase>`;
        if (r.status === 'passed') return `${open}/>`;
        if (r.status === 'skipped') return `${open}><skipped/></testcase>`;
        return `${open}><failure message="${xml((r.message ?? 'failed').split('\n')[0]!)}">${xml(r.message ?? '')}</failure></testcase>`;
      });
      const count = (s: string) => cataloguePaths(entry).filter((p) => (results.get(p.id)?.status ?? 'skipped') === s).length;
      return [
        `  <testsuite name="${xml(entry.name)}" tests="${cases.length}" failures="${count('failed')}" skipped="${count('skipped')}">`,
        ...cases,
        '  </testsuite>',
      ].join('\n');
    });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites name="model paths in a browser">', ...suites, '</testsuites>', ''].join('\n');
}
