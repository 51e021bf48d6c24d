import { describe, expect, it } from 'vitest';
import { edgeKey, shortestPaths, stateChangingEdges } from '../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../tests/paths/model-checks.ts';
import { replaySteps, startControlled } from '../../tests/paths/replay-actor.ts';
import { MACHINES } from './registry.ts';
import { NEW_VERSION, PAGE_VERSION } from './tracking-samples.ts';
import { VERSION_POLL_MS, versionCheckMachine } from './version-check.ts';

const entry = MACHINES.find((m) => m.name === 'version-check')!;

function start() {
  const announced: string[] = [];
  const run = startControlled(versionCheckMachine, {
    actors: ['fetchVersion'],
    input: { currentVersion: PAGE_VERSION },
    delays: { poll: VERSION_POLL_MS },
    provide: { actions: { announceUpdate: (_: unknown, { servedVersion }: { servedVersion: string }) => void announced.push(servedVersion) } },
  });
  return { ...run, announced };
}

describe('version-check, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);

  it('reaches every state', () => expectEveryStateReached(versionCheckMachine, paths, 'waiting'));

  it('takes every transition the machine defines', () => expectEveryTransitionTaken(versionCheckMachine, edges));

  for (const edge of edges) {
    it(`replays edge ${edgeKey(edge)} on the clock`, async () => {
      const run = start();
      // The user is asked to update exactly once the served version differs, and not before.
      await replaySteps(run, edge.path, edge.states, (i) => expect(run.announced).toEqual(edge.states[i] === 'outdated' ? [NEW_VERSION] : []));
    });
  }
});

describe('version-check timing', () => {
  it('asks the server only every 5 minutes, keeps polling while versions match or calls fail, and stops after announcing', async () => {
    const run = start();
    run.clock.increment(VERSION_POLL_MS - 1);
    expect(run.isRunning('fetchVersion')).toBe(false);
    run.clock.increment(1);
    expect(run.actor.getSnapshot().value).toBe('checking');
    await run.replay({ type: 'xstate.done.actor.fetchVersion', output: PAGE_VERSION }, 'waiting');
    await run.replay({ type: 'xstate.after.poll.versionCheck.waiting' }, 'checking');
    await run.replay({ type: 'xstate.error.actor.fetchVersion', error: new Error('offline') }, 'waiting');
    await run.replay({ type: 'xstate.after.poll.versionCheck.waiting' }, 'checking');
    await run.replay({ type: 'xstate.done.actor.fetchVersion', output: NEW_VERSION }, 'outdated');
    expect(run.announced).toEqual([NEW_VERSION]);
    expect(run.inputs.fetchVersion).toHaveLength(3);
    run.clock.increment(10 * VERSION_POLL_MS);
    expect(run.inputs.fetchVersion).toHaveLength(3);
  });
});
