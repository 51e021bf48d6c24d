import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../src/machines/registry.ts';
import { browserReplays } from '../paths/browser-replays.ts';
import { catalogueFiles, PATHS_DIR } from '../paths/catalogue-docs.ts';
import { cataloguePaths, transitionsTaken } from '../paths/catalogue-paths.ts';
import { coverage } from '../paths/coverage.ts';
import { coveredTransitionKeys, diagramEdges } from '../paths/machine-diagram.ts';

const missingOf = (entry: (typeof MACHINES)[number]) => {
  const c = coverage(entry, cataloguePaths(entry));
  return [...c.states.missing.map((s) => `state ${s}`), ...c.changing.missing.map((t) => `transition ${t}`)];
};

describe('the QA path catalogue', () => {
  it('committed docs are what `npm run paths` writes now (run it after changing a machine, registration or browser mapping)', async () => {
    const files = catalogueFiles(MACHINES, await browserReplays());
    const stale = [...files].filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text).map(([path]) => path);
    const extra = readdirSync(PATHS_DIR).map((name) => `${PATHS_DIR}/${name}`).filter((path) => !files.has(path));
    expect({ stale, extra }).toEqual({ stale: [], extra: [] });
    // It writes every machine's catalogue (about 20 s of one core), beside the server tests' workers.
  }, 240_000);

  for (const entry of MACHINES) {
    it(`${entry.name}: the paths reach every state and take every transition to another state`, () => {
      expect(missingOf(entry), `${entry.name} misses`).toEqual([]);
    });

    it(`${entry.name}: labels and checks name events and states of the machine`, () => {
      const events = new Set(diagramEdges(entry.machine).map((e) => e.event));
      const states = Object.keys(entry.machine.root.states);
      expect(Object.keys(entry.labels ?? {}).filter((type) => !events.has(type) && !entry.events.some((e) => e.type === type))).toEqual([]);
      expect(Object.keys(entry.checks ?? {}).filter((s) => !states.includes(s))).toEqual([]);
      // What a registration calls unreachable is a defined transition that no generated path takes.
      const defined = coveredTransitionKeys(entry.machine);
      const taken = new Set(cataloguePaths({ ...entry, unreachable: {} }).flatMap(transitionsTaken));
      expect(Object.keys(entry.unreachable ?? {}).filter((t) => !defined.has(t) || taken.has(t))).toEqual([]);
    });
  }

  it('names what is missing when samples leave a transition out', () => {
    const login = MACHINES.find((m) => m.name === 'login-form')!;
    const withoutFailure = { ...login, events: login.events.filter((e) => e.type !== 'xstate.error.actor.login') };
    expect(missingOf(withoutFailure)).toEqual([
      'state failed',
      'transition submitting --xstate.error.actor.login--> failed',
      'transition failed --login.dialogClosed--> editing',
    ]);
  });
});
