import { describe, expect, it } from 'vitest';
import { stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { MACHINES } from '../registry.ts';
import { intelItemsMachine } from './intel-items.ts';
import { otherRange, sampleItemGroups, serverError } from './intel-samples.ts';

const entry = MACHINES.find((m) => m.name === 'intel-items')!;
const input = { merchant: { id: 1, merchant: 'Merchant 1' }, range: otherRange };
const start = () => startControlled(intelItemsMachine, { actors: ['loadItems'], input });

/** What the user sees: items only once loaded; the failure (with Retry) only when failed. */
function assertScreen({ actor }: ReturnType<typeof start>) {
  const { value, context } = actor.getSnapshot();
  expect(context.groups !== null).toBe(value === 'loaded');
}

describe('intel detail items, model-based', () => {
  itReplaysEdges(stateChangingEdges(entry), start, assertScreen);
});

describe('intel detail items', () => {
  it('asks for this merchant over the page’s range, and asks again on Retry after a failure', async () => {
    const s = start();
    expect(s.callsOf('loadItems')[0]!.input).toEqual(input);
    await s.replay({ type: 'xstate.error.actor.loadItems', error: serverError }, 'failed');
    await s.replay({ type: 'items.retry' }, 'loading');
    expect(s.callsOf('loadItems')).toHaveLength(2);
    await s.replay({ type: 'xstate.done.actor.loadItems', output: sampleItemGroups }, 'loaded');
    expect(s.actor.getSnapshot().context.groups).toEqual(sampleItemGroups);
  });
});
