import { NEVER, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { fromEventObservable } from 'xstate';
import { edgeKey, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { replaySteps, startControlled } from '../../../tests/paths/replay-actor.ts';
import { newerVersion$, VERSION_POLL_MS } from '../../services/version-service.ts';
import { MACHINES } from '../registry.ts';
import { NEW_VERSION, PAGE_VERSION } from './tracking-samples.ts';
import { versionCheckMachine, type VersionCheckEvent } from './version-check.ts';

const entry = MACHINES.find((m) => m.name === 'version-check')!;

function start() {
  const announced: string[] = [];
  const run = startControlled(versionCheckMachine, {
    actors: [],
    input: { currentVersion: PAGE_VERSION },
    provide: {
      actors: { watchVersion: fromEventObservable<VersionCheckEvent, { currentVersion: string }>(() => NEVER) },
      actions: { announceUpdate: (_: unknown, { servedVersion }: { servedVersion: string }) => void announced.push(servedVersion) },
    },
  });
  return { ...run, announced };
}

describe('version-check, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);

  it('reaches every state', () => expectEveryStateReached(versionCheckMachine, paths, 'watching'));

  it('takes every transition the machine defines', () => expectEveryTransitionTaken(versionCheckMachine, edges));

  for (const edge of edges) {
    it(`replays edge ${edgeKey(edge)}`, async () => {
      const run = start();
      // The user is asked to update exactly once the served version differs, and not before.
      await replaySteps(run, edge.path, edge.states, (i) => expect(run.announced).toEqual(edge.states[i] === 'outdated' ? [NEW_VERSION] : []));
    });
  }
});

describe('version-check stream, in virtual time', () => {
  const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

  it('asks the server only every 5 minutes, keeps polling while versions match or calls fail, and stops after the first newer one', () => {
    marbles().run(({ cold, expectObservable, flush }) => {
      const answers: Observable<string>[] = [
        cold('-s|', { s: PAGE_VERSION }), // same version: nothing to say
        cold('-#', undefined, new Error('offline')), // offline: wait for the next poll
        cold('-n|', { n: NEW_VERSION }),
      ];
      let asked = 0;
      const served = () => answers[asked++] ?? cold<string>('-n|', { n: NEW_VERSION });
      expectObservable(newerVersion$(served, PAGE_VERSION)).toBe(`${3 * VERSION_POLL_MS + 1}ms (n|)`, { n: NEW_VERSION });
      flush();
      expect(asked).toBe(3);
    });
  });

  it('does not ask before the first 5 minutes are up', () => {
    marbles().run(({ cold, expectObservable }) => {
      let asked = 0;
      const served = () => {
        asked += 1;
        return cold<string>('-n|', { n: NEW_VERSION });
      };
      expectObservable(newerVersion$(served, PAGE_VERSION), `^ ${VERSION_POLL_MS - 1}ms !`).toBe('');
    });
  });

  it('does not double a read still out when the next poll is due', () => {
    marbles().run(({ cold, expectObservable, flush }) => {
      let asked = 0;
      const slow = `${VERSION_POLL_MS + 10}ms s|`;
      const served = () => (asked++ === 0 ? cold(slow, { s: PAGE_VERSION }) : cold<string>('-n|', { n: NEW_VERSION }));
      // First read from 300,000 to 600,010 ms: the poll at 600,000 is skipped; the next, at 900,000, finds the new version.
      expectObservable(newerVersion$(served, PAGE_VERSION)).toBe(`${3 * VERSION_POLL_MS + 1}ms (n|)`, { n: NEW_VERSION });
      flush();
      expect(asked).toBe(2);
    });
  });
});
