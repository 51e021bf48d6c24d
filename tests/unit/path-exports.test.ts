import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/services/api-client.ts';
import type { BrowserReplays } from '../paths/browser-replays.ts';
import { cataloguePaths } from '../paths/catalogue-paths.ts';
import { NothingToRead } from '../paths/cli-options.ts';
import { CSV_HEADER, csvRows, csvText } from '../paths/export-csv.ts';
import { featureFile } from '../paths/export-gherkin.ts';
import { junitXml, readResults, resultsByPath } from '../paths/junit-report.ts';
import { diffMachine } from '../paths/path-diff.ts';
import { machineJson } from '../paths/path-json.ts';
import { plainData } from '../paths/plain-data.ts';
import { sharedData } from '../paths/shared-data.ts';
import { doorRegistration } from './path-fixtures.ts';

const door = doorRegistration();
const paths = cataloguePaths(door);
const lockPath = paths.find((p) => p.states.at(-1) === 'locked')!;
// The browser replays the path to the locked door only; the rest is skipped, saying why.
const replays: BrowserReplays = new Map([
  ['door', { spec: 'tests/browser/model-door.spec.ts', skipped: new Map(paths.map((p) => [p.id, p === lockPath ? undefined : 'no action for door.knock'])) }],
]);

describe('the JSON of a machine', () => {
  const json = machineJson(door, paths, replays);

  it('holds the variants with their input, and each step with its whole event', () => {
    expect(json).toMatchObject({ machine: 'door', initial: 'closed', variants: [{ label: 'a closed door', input: { since: '2026-01-01T00:00:00.000Z' } }] });
    const lock = json.paths.find((p) => p.id === lockPath.id)!;
    expect(lock.start).toEqual({ variant: 'a closed door', state: 'closed' });
    expect(lock.steps.at(-1)).toEqual({ step: lock.steps.length, event: { type: 'door.lock', code: 1234 }, words: 'door.lock — {code: 1234}', state: 'locked' });
    expect(lock).toMatchObject({ expectedState: 'locked', check: 'The lock shows red', browser: { replayed: true, spec: 'tests/browser/model-door.spec.ts' } });
    expect(json.paths.find((p) => p.id !== lockPath.id)!.browser).toEqual({ replayed: false, why: 'not replayed in a browser (no action for door.knock)' });
  });

  it('writes a large value once, under data, and names it where a step sends it', () => {
    const shared = sharedData();
    const merchants = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, name: `Merchant ${i + 1}` }));
    const first = shared.fieldsOf({ type: 'intel.load', merchants, page: 1 }) as { merchants: { $data: string } };
    expect(first).toEqual({ type: 'intel.load', merchants: { $data: expect.stringMatching(/^merchants-[0-9a-f]{8}$/) }, page: 1 });
    expect((shared.fieldsOf({ type: 'intel.again', merchants }) as typeof first).merchants).toEqual(first.merchants);
    expect(shared.data()).toEqual({ [first.merchants.$data]: merchants });
    expect(shared.fieldsOf({ type: 'intel.small', ids: [1, 2] })).toEqual({ type: 'intel.small', ids: [1, 2] });
    expect(json.data).toEqual({});
  });

  it('survives a JSON round trip: errors keep their name, message and status', () => {
    expect(plainData({ type: 'xstate.error.actor.load', error: new ApiError(503, 'down') })).toEqual({ type: 'xstate.error.actor.load', error: { name: 'ApiError', message: 'down', status: 503, details: [] } });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});

describe('exports', () => {
  it('CSV: a header, a row per path, steps on lines of one quoted cell, quotes doubled', () => {
    const rows = csvRows(door, paths, replays);
    const text = csvText(rows);
    expect(text.split('\r\n')[0]).toBe(CSV_HEADER.join(','));
    expect(rows).toHaveLength(paths.length);
    expect(rows.find((r) => r[0] === lockPath.id)).toEqual([lockPath.id, 'door', 'a closed door, in closed', '1. door.lock — {code: 1234} → locked', 'locked', 'The lock shows red', 'yes (tests/browser/model-door.spec.ts)']);
    const knock = rows.find((r) => r[3]!.includes('Knock'))!;
    expect(knock[6]).toBe('no: no action for door.knock');
    expect(text).toContain('"1. Knock, ""twice"" → closed"');
  });

  it('Gherkin: a Feature, and per path a tagged Scenario with Given, When/And and Then', () => {
    const feature = featureFile(door, paths, replays);
    expect(feature).toMatch(/^# .*\nFeature: door\n {2}A test door\.\n/);
    expect(feature.match(/^ {2}Scenario: /gm)).toHaveLength(paths.length);
    expect(feature).toContain(
      [`  @${lockPath.id.replace('/', '-')} @browser`, `  Scenario: ${lockPath.id} reaches locked`, '    Given the starting situation "a closed door", in state "closed"', '    When door.lock — {code: 1234} (now in "locked")', '    Then the screen is in state "locked"', '    And The lock shows red'].join('\n'),
    );
    expect(feature).toContain('@not-in-browser');
  });

  it("JUnit: a test case per path from Playwright's JSON report; paths not in it skipped, saying why", () => {
    const [other, third] = paths.filter((p) => p !== lockPath);
    const report = {
      suites: [
        {
          title: 'model-door.spec.ts',
          suites: [
            {
              title: 'door paths from the model',
              specs: [
                { title: `${lockPath.id} ends in locked`, tests: [{ status: 'expected', results: [{ status: 'passed', duration: 1500 }] }] },
                { title: `${other!.id} ends in x`, tests: [{ status: 'unexpected', results: [{ status: 'failed', duration: 20, error: { message: 'Path broke <here>\nmore' } }] }] },
                { title: 'the mapping replays 2 of 3 paths', tests: [{ status: 'expected', results: [{ status: 'passed', duration: 1 }] }] },
              ],
            },
          ],
        },
      ],
    };
    const results = resultsByPath(report);
    expect([...results.keys()]).toEqual([lockPath.id, other!.id]);
    const xml = junitXml([door], replays, results);
    expect(xml).toContain(`<testsuite name="door" tests="${paths.length}" failures="1" skipped="${paths.length - 2}">`);
    expect(xml).toContain(`<testcase classname="door" name="${lockPath.id}" time="1.500"/>`);
    expect(xml).toContain('<failure message="Path broke &lt;here&gt;">Path broke &lt;here&gt;\nmore</failure>');
    expect(xml).toContain(`name="${third!.id}" time="0.000"><skipped message="not replayed in a browser (no action for door.knock); not in the last run"/>`);
  });

  it('JUnit without a result file: a clear message, to exit 1 on', () => {
    expect(() => readResults('/nonexistent/results.json')).toThrow(NothingToRead);
    expect(() => readResults('/nonexistent/results.json')).toThrow(/No browser replay results at \/nonexistent\/results\.json/);
  });
});

describe('--diff', () => {
  const now = machineJson(door, paths, new Map());

  it('by id: added, removed, and changed (same path, another outcome)', () => {
    const [first, second, ...rest] = now.paths;
    const before = { ...now, paths: [{ ...first!, check: 'An older check' }, ...rest, { ...second!, id: 'door/deadbeef' }] };
    const diff = diffMachine('door', before, now);
    expect(diff.added.map((p) => p.split(' ')[0])).toEqual([second!.id]);
    expect(diff.removed.map((p) => p.split(' ')[0])).toEqual(['door/deadbeef']);
    expect(diff.changed.map((p) => p.split(' ')[0])).toEqual([first!.id]);
  });

  it('old JSON (a bare list, ids by position) is matched by the steps in words', () => {
    const old = now.paths.slice(1).map((p, i) => ({ ...p, id: `door/${i + 1}`, steps: p.steps.map((s) => ({ ...s, event: (s.event as { type: string }).type })) }));
    const diff = diffMachine('door', old, now);
    expect(diff).toMatchObject({ added: [expect.stringContaining(now.paths[0]!.id)], removed: [], changed: [] });
  });

  it('a machine gone or new: all its paths removed or added', () => {
    expect(diffMachine('door', now, undefined).removed).toHaveLength(now.paths.length);
    expect(diffMachine('door', undefined, now).added).toHaveLength(now.paths.length);
  });
});
