import { describe, expect, it } from 'vitest';
import { definedTransitions, edgeKey, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { MACHINES } from '../registry.ts';
import { checkDetailsMachine, NO_CHECK, VOUCHER_FAILED } from './check-details.ts';
import { SERVER_ERROR } from './check-list.ts';
import { manyMakersCheck, sampleQuarters } from './payment-samples.ts';

const entry = MACHINES.find((m) => m.name === 'check-details')!;
const ACTORS = ['loadQuarters', 'loadCheck', 'loadVoucher'];
const start = (timeframe: string | null = '26Q4') =>
  startControlled(checkDetailsMachine, { actors: ACTORS, input: { merchantId: 7, timeframe, distributorId: 10 } });

/** The message a user reads matches the state; a check only in success; the voucher URL only while it is open. */
function assertScreen({ actor }: ReturnType<typeof start>) {
  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  expect(context.check !== null).toBe(snapshot.matches('success') || snapshot.matches('voucher'));
  if (snapshot.matches('nonexistent')) expect(context.error).toBe(NO_CHECK);
  if (snapshot.matches('failure')) expect(context.error).toBe(SERVER_ERROR);
  if (!snapshot.matches('voucher')) expect(context.voucherUrl).toBeNull();
}

describe('check details, model-based', () => {
  const edges = stateChangingEdges(entry);
  it('reaches every state', () => expectEveryStateReached(checkDetailsMachine, shortestPaths(entry), 'loadingQuarters'));
  // A new quarter (a transition of the whole machine) is taken from every state besides those its states define.
  it('takes every transition the machine defines', () =>
    expect(edges.map(edgeKey)).toEqual(expect.arrayContaining([...definedTransitions(checkDetailsMachine)])));
  itReplaysEdges(edges, (edge) => start(edge.variant?.includes('merchant') ? null : '26Q4'), assertScreen);
});

describe('check details', () => {
  it('the merchant page asks for the quarters, then the newest quarter’s check; another quarter reloads', async () => {
    const s = start(null);
    await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
    expect(s.callsOf('loadCheck')[0]!.input).toEqual({ timeframe: '26Q4', merchantId: 7, distributorId: 10 });
    await s.replay({ type: 'xstate.done.actor.loadCheck', output: { sfid: null } }, 'nonexistent');
    await s.replay({ type: 'details.quarterChanged', timeframe: '26Q3' }, 'loading');
    expect(s.callsOf('loadCheck')[1]!.input).toMatchObject({ timeframe: '26Q3' });
  });

  it('shows 15 more manufacturers per Show more and 15 fewer per Show less, never below 15', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
    await s.replay({ type: 'xstate.done.actor.loadCheck', output: manyMakersCheck }, 'success');
    const shown = () => s.actor.getSnapshot().context.shown.manufacturers;
    expect(shown()).toBe(15);
    s.actor.send({ type: 'details.more', donut: 'manufacturers' });
    expect(shown()).toBe(30);
    s.actor.send({ type: 'details.more', donut: 'manufacturers' });
    expect(shown()).toBe(40);
    s.actor.send({ type: 'details.less', donut: 'manufacturers' });
    s.actor.send({ type: 'details.less', donut: 'manufacturers' });
    s.actor.send({ type: 'details.less', donut: 'manufacturers' });
    expect(shown()).toBe(15);
  });

  it('the panel’s check brings the breakdowns; a failed load says Server Error and Retry loads again', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
    await s.replay({ type: 'xstate.error.actor.loadCheck', error: new Error('502') }, 'failure');
    expect(s.actor.getSnapshot().context.error).toBe(SERVER_ERROR);
    await s.replay({ type: 'details.retry' }, 'loadingQuarters');
    await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
    // The panel's quarter is kept across the retry.
    expect(s.callsOf('loadCheck').map((c) => c.input)).toEqual([
      { timeframe: '26Q4', merchantId: 7, distributorId: 10 },
      { timeframe: '26Q4', merchantId: 7, distributorId: 10 },
    ]);
    await s.replay({ type: 'xstate.done.actor.loadCheck', output: manyMakersCheck }, 'success');
    const { check, error } = s.actor.getSnapshot().context;
    expect(error).toBeNull();
    expect(check!.fromManufacturersCheckBreakdown).toHaveLength(40);
    expect(check!.toMerchantsCheckBreakdown).toEqual(manyMakersCheck.toMerchantsCheckBreakdown);
  });

  it('a voucher that fails to load says so and closes', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
    await s.replay({ type: 'xstate.done.actor.loadCheck', output: manyMakersCheck }, 'success');
    await s.replay({ type: 'voucher.open' }, 'voucher');
    await s.replay({ type: 'voucher.failed' }, 'success');
    expect(s.actor.getSnapshot().context.error).toBe(VOUCHER_FAILED);
  });
});
