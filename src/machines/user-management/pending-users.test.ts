import { describe, expect, it } from 'vitest';
import { edgeKey, stateChangingEdges, shortestPaths } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { replaySteps, startControlled } from '../../../tests/paths/replay-actor.ts';
import { ApiError } from '../../services/api-client.ts';
import { MACHINES } from '../registry.ts';
import { pendingUsersMachine } from './pending-users.ts';
import { samplePending } from './user-management-samples.ts';

const entry = MACHINES.find((m) => m.name === 'pending-users')!;

function start() {
  let decided = 0;
  const run = startControlled(pendingUsersMachine, {
    actors: ['loadPending', 'decide'],
    provide: { actions: { decided: () => void (decided += 1) } },
  });
  return { ...run, decidedCount: () => decided };
}

describe('pending-users, model-based', () => {
  const edges = stateChangingEdges(entry);

  it('reaches every state and takes every transition', () => {
    expectEveryStateReached(pendingUsersMachine, shortestPaths(entry), 'loading');
    expectEveryTransitionTaken(pendingUsersMachine, edges);
  });

  for (const edge of edges) {
    it(`replays ${edgeKey(edge)}`, async () => {
      const run = start();
      await replaySteps(run, edge.path, edge.states, () => {
        const { value, context } = run.actor.getSnapshot();
        // The decision sent is the one chosen, for the chosen person.
        if (value === 'deciding') expect(run.calls.at(-1)!.input).toEqual(context.deciding);
      });
    });
  }
});

describe('pending-users, behaviour', () => {
  it('approves one request, tells the page, and shows the list again', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadPending', output: [samplePending] }, 'loaded');
    await run.replay({ type: 'pending.approve', id: 41 }, 'deciding');
    expect(run.calls.at(-1)!.input).toEqual({ id: 41, decision: 'approve' });
    await run.replay({ type: 'xstate.done.actor.decide', output: { message: 'Approved.' } }, 'loading');
    expect(run.decidedCount()).toBe(1);
    expect(run.actor.getSnapshot().context.notice).toMatchObject({ kind: 'success', message: 'Approved.' });
    await run.replay({ type: 'xstate.done.actor.loadPending', output: [] }, 'loaded');
    expect(run.actor.getSnapshot().context.pending).toEqual([]);
  });

  it('says why a decision failed and shows the list as it is now', async () => {
    const run = start();
    await run.replay({ type: 'xstate.done.actor.loadPending', output: [samplePending] }, 'loaded');
    await run.replay({ type: 'pending.reject', id: 41 }, 'deciding');
    await run.replay({ type: 'xstate.error.actor.decide', error: new ApiError(404, 'Already decided.') }, 'loading');
    expect(run.actor.getSnapshot().context.error).toBe('Already decided.');
    expect(run.decidedCount()).toBe(0);
  });
});
