import { describe, expect, it } from 'vitest';
import { definedTransitions, edgeKey, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { MACHINES } from '../registry.ts';
import { checkListMachine, SERVER_ERROR, shownChecks } from './check-list.ts';
import { sampleChecks, sampleQuarters, serverError } from './payment-samples.ts';
import { selectPanelDetails } from './selectors.ts';

const entry = MACHINES.find((m) => m.name === 'check-list')!;
const ACTORS = ['loadQuarters', 'loadChecks', 'transfer', 'panel'];
const start = () => startControlled(checkListMachine, { actors: ACTORS, input: { distributorId: 10, distributorPlatformId: 'CP-000010', relationship: 'Harbor Foods Boston' } });
type Started = ReturnType<typeof start>;

/** What a user would notice: 'Server Error' only when failed, rows only when ready, bulk only with a toggle. */
function assertScreen({ actor, callsOf }: Started) {
  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  expect(context.error === SERVER_ERROR).toBe(snapshot.matches('failed'));
  if (snapshot.matches('failed') || snapshot.matches('loading')) expect(context.checks).toEqual([]);
  if (snapshot.matches('transferring')) {
    const input = callsOf('transfer').at(-1)!.input as { kind: string; payload: { getVouchers: boolean; getCheckDetails: boolean; merchantIds: number[] } };
    if (input.kind !== 'summary') {
      expect(input.payload.getVouchers || input.payload.getCheckDetails).toBe(true);
      expect(input.payload.merchantIds.length).toBeGreaterThan(0);
    }
  }
}

describe('check list, model-based', () => {
  const edges = stateChangingEdges(entry);
  it('reaches every state', () => expectEveryStateReached(checkListMachine, shortestPaths(entry), 'loadingQuarters'));
  // A new quarter (a transition of the whole machine) is taken from every state besides those its states define.
  it('takes every transition the machine defines', () =>
    expect(edges.map(edgeKey)).toEqual(expect.arrayContaining([...definedTransitions(checkListMachine)])));
  itReplaysEdges(edges, start, assertScreen);
});

const ready = async () => {
  const s = start();
  await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
  await s.replay({ type: 'xstate.done.actor.loadChecks', output: sampleChecks }, 'ready');
  return s;
};

describe('check list', () => {
  it('asks for the newest quarter’s checks of the house', async () => {
    const s = await ready();
    expect(s.callsOf('loadChecks')[0]!.input).toEqual({ timeframe: '26Q4', distributorId: 10, distributorPlatformId: 'CP-000010' });
  });

  it('needs a selected row and a toggle before Download or Print does anything', async () => {
    const s = await ready();
    s.actor.send({ type: 'checks.download' });
    expect(s.actor.getSnapshot().value).toEqual('ready');
    s.actor.send({ type: 'checks.rowToggled', merchantId: 3 });
    s.actor.send({ type: 'checks.vouchersToggled' }); // off: neither toggle is on
    s.actor.send({ type: 'checks.print' });
    expect(s.actor.getSnapshot().value).toEqual('ready');
    s.actor.send({ type: 'checks.detailsToggled' });
    s.actor.send({ type: 'checks.print' });
    expect(s.callsOf('transfer')[0]!.input).toMatchObject({ kind: 'print', payload: { timeframe: '26Q4', merchantIds: [3], getVouchers: false, getCheckDetails: true } });
  });

  it('selects the rows on screen, sends them in the list’s order, and says why a download failed', async () => {
    const s = await ready();
    s.actor.send({ type: 'checks.sortChanged', column: 'amount' });
    s.actor.send({ type: 'checks.routingChanged', routing: 'Sales' });
    s.actor.send({ type: 'checks.allToggled' });
    expect(s.actor.getSnapshot().context.selected).toEqual(shownChecks(s.actor.getSnapshot().context).map((c) => c.merchantid));
    s.actor.send({ type: 'checks.routingChanged', routing: 'All' });
    s.actor.send({ type: 'checks.allToggled' });
    expect(s.actor.getSnapshot().context.selected.sort()).toEqual([1, 2, 3]);
    s.actor.send({ type: 'checks.download' });
    expect((s.callsOf('transfer')[0]!.input as { payload: { merchantIds: number[] } }).payload.merchantIds).toEqual([3, 2, 1]); // amount ascending
    s.actor.send({ type: 'transfer.progress', loaded: 5000, total: 10000 });
    expect(s.actor.getSnapshot().context.transfer).toEqual({ kind: 'export', loaded: 5000, total: 10000 });
    await s.replay({ type: 'xstate.error.actor.transfer', error: serverError }, 'ready');
    expect(s.actor.getSnapshot().context.notice).toBe(serverError.message);
  });

  it('a new quarter aborts the load in flight and starts a new selection', async () => {
    const s = await ready();
    s.actor.send({ type: 'checks.rowToggled', merchantId: 1 });
    s.actor.send({ type: 'checks.quarterChanged', timeframe: '26Q3' });
    s.actor.send({ type: 'checks.quarterChanged', timeframe: '26Q4' });
    expect(s.callsOf('loadChecks')[1]!.signal.aborted).toBe(true);
    expect(s.actor.getSnapshot().context.selected).toEqual([]);
  });

  it('the panel of a row is its child, for the quarter shown, from opening to closing (or another quarter)', async () => {
    const s = await ready();
    const timeframe = s.actor.getSnapshot().context.timeframe;
    s.actor.send({ type: 'checks.panelOpened', merchantId: 2 });
    expect(s.callsOf('panel').map((c) => c.input)).toEqual([{ merchantId: 2, timeframe, distributorId: 10 }]);
    expect(selectPanelDetails(s.actor.getSnapshot())).not.toBeNull();
    s.actor.send({ type: 'checks.panelClosed' });
    expect([selectPanelDetails(s.actor.getSnapshot()), s.callsOf('panel')[0]!.signal.aborted]).toEqual([null, true]);
    s.actor.send({ type: 'checks.panelOpened', merchantId: 3 });
    s.actor.send({ type: 'checks.quarterChanged', timeframe: '26Q3' });
    expect([selectPanelDetails(s.actor.getSnapshot()), s.callsOf('panel')[1]!.signal.aborted]).toEqual([null, true]);
  });
});
