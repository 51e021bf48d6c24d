import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { MACHINES } from '../registry.ts';
import { DEBUG_FAILED_MESSAGE, debugDetailsMachine } from './debug-details.ts';
import { startUnderRouter } from './testing-router.ts';
import { otherRange, SAMPLE_TODAY, sampleDebugDetails, serverError, tooLongRange } from './intel-samples.ts';

const entry = MACHINES.find((m) => m.name === 'debug-details')!;
const start = (input: { merchantId: number; allowed: boolean } = { merchantId: 1, allowed: true }) =>
  startControlled(debugDetailsMachine, { actors: ['loadDetails'], input: { ...input, today: SAMPLE_TODAY } });

/** What the admin sees: details only when loaded, the failure text only when failed. */
function assertScreen({ actor }: ReturnType<typeof start>) {
  const { value, context } = actor.getSnapshot();
  expect(context.details !== null).toBe(value === 'loaded');
  expect(context.error === DEBUG_FAILED_MESSAGE).toBe(value === 'failed');
}

describe('debug details, model-based', () => {
  itReplaysEdges(stateChangingEdges(entry), (edge) => start(edge.input as { merchantId: number; allowed: boolean }), assertScreen);
});

describe('debug details', () => {
  it('asks for the merchant over the previous month, and again for a new range (aborting the first)', async () => {
    const s = start();
    expect(s.callsOf('loadDetails')[0]!.input).toEqual({ merchantId: 1, range: { startDate: '2026-10-01', endDate: '2026-10-31' } });
    await s.replay({ type: 'debug.rangeChanged', range: otherRange }, 'loading');
    expect(s.callsOf('loadDetails')[0]!.signal.aborted).toBe(true);
    expect(s.callsOf('loadDetails')[1]!.input).toEqual({ merchantId: 1, range: otherRange });
    await s.replay({ type: 'xstate.done.actor.loadDetails', output: sampleDebugDetails }, 'loaded');
    await s.replay({ type: 'debug.rangeChanged', range: tooLongRange }, 'loaded');
    expect(s.callsOf('loadDetails')).toHaveLength(2);
  });

  it('sends anyone but an internal admin, or a page without a merchant id, to the dashboard, loading nothing', () => {
    for (const input of [{ merchantId: 1, allowed: false }, { merchantId: Number('x'), allowed: true }, { merchantId: 0, allowed: true }]) {
      const asked: AnyEventObject[] = [];
      const page = startUnderRouter(debugDetailsMachine, { ...input, today: SAMPLE_TODAY }, asked);
      expect(page.getSnapshot().value).toBe('refused');
      expect(page.getSnapshot().children.loadDetails).toBeUndefined();
      expect(asked).toEqual([{ type: 'route.go', to: '/dashboard', replace: true }]);
    }
  });

  it('a failure says so', async () => {
    const s = start();
    await s.replay({ type: 'xstate.error.actor.loadDetails', error: serverError }, 'failed');
    expect(s.actor.getSnapshot().context.error).toBe(DEBUG_FAILED_MESSAGE);
  });
});
