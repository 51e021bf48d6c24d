import { describe, expect, it } from 'vitest';
import { stateChangingEdges, type Edge } from '../../../tests/paths/machine-paths.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { ORDER_HISTORY_FAILED } from '../../model/insights-rules.ts';
import { selectOrderMonths } from '../session/selectors.ts';
import { testSession } from '../testing/session-double.ts';
import { fakeRouter } from '../intel/testing-router.ts';
import type { AnyEventObject } from 'xstate';
import { MACHINES } from '../registry.ts';
import { orderHistoryMachine, type OrderHistoryInput } from './order-history.ts';
import { sampleHistory, SAMPLE_TODAY, serverError } from './insights-samples.ts';

const entry = MACHINES.find((m) => m.name === 'order-history')!;
const fresh: OrderHistoryInput = { merchantId: 1, merchant: 'Merchant 1', month: '2026-10', today: SAMPLE_TODAY, months: {} };
const start = (input: unknown = fresh, session = testSession()) =>
  ({ ...startControlled(orderHistoryMachine, { actors: ['loadMonth'], input, beforeStart: session.join }), session });

/** What the rep sees: the alert only when failed, and when loaded the month's invoices are known. */
function assertScreen({ actor }: ReturnType<typeof start>) {
  const { value, context } = actor.getSnapshot();
  expect(context.error === ORDER_HISTORY_FAILED).toBe(value === 'failed');
  if (value === 'loaded') expect(context.months[context.month]).toBeDefined();
  expect(context.month <= context.currentMonth).toBe(true);
}

describe('order history, model-based', () => {
  itReplaysEdges(stateChangingEdges(entry), (edge: Edge) => start(edge.input), assertScreen);
});

describe('order history', () => {
  it('the address bar says the month shown, so a reload stays on it', async () => {
    const asked: AnyEventObject[] = [];
    const session = testSession();
    const path = '/competitiveinsights/orderhistory/Merchant%201/1';
    const s = startControlled(orderHistoryMachine, { actors: ['loadMonth'], input: { ...fresh, path }, beforeStart: (a) => (session.join(a), fakeRouter(a, asked)) });
    expect(asked).toEqual([]);
    await s.replay({ type: 'xstate.done.actor.loadMonth', output: sampleHistory() }, 'loaded');
    await s.replay({ type: 'orders.lastMonth' }, 'loading');
    await s.replay({ type: 'orders.nextMonth' }, 'loaded');
    expect(asked).toEqual([
      { type: 'route.go', to: `${path}?month=2026-09`, replace: true },
      { type: 'route.go', to: `${path}?month=2026-10`, replace: true },
    ]);
  });

  it('asks for the first through last day of the month, and of the adjacent month on Last Month / Next Month', async () => {
    const s = start();
    expect(s.callsOf('loadMonth')[0]!.input).toEqual({ merchantId: 1, merchant: 'Merchant 1', month: '2026-10' });
    await s.replay({ type: 'xstate.done.actor.loadMonth', output: sampleHistory() }, 'loaded');
    await s.replay({ type: 'orders.lastMonth' }, 'loading');
    expect(s.actor.getSnapshot().context.month).toBe('2026-09');
    await s.replay({ type: 'xstate.done.actor.loadMonth', output: [] }, 'loaded');
    expect(s.actor.getSnapshot().context.months['2026-09']).toEqual([]);
  });

  it('keeps the months fetched: going back to one makes no call, and a new screen on the merchant starts from the store', async () => {
    const s = start();
    expect(s.actor.getSnapshot().value).toBe('loading');
    await s.replay({ type: 'xstate.done.actor.loadMonth', output: sampleHistory() }, 'loaded');
    await s.replay({ type: 'orders.lastMonth' }, 'loading');
    await s.replay({ type: 'xstate.done.actor.loadMonth', output: [] }, 'loaded');
    await s.replay({ type: 'orders.nextMonth' }, 'loaded');
    expect(s.callsOf('loadMonth')).toHaveLength(2);
    expect(s.actor.getSnapshot().context.month).toBe('2026-10');
    const kept = selectOrderMonths(1)(s.session.memory.getSnapshot());
    expect(Object.keys(kept).sort()).toEqual(['2026-09', '2026-10']);
    const again = start({ ...fresh, months: kept });
    expect(again.actor.getSnapshot().value).toBe('loaded');
    expect(again.calls).toHaveLength(0);
  });

  it('Next Month stops at the current month', async () => {
    const s = start({ ...fresh, month: '2026-11' });
    await s.replay({ type: 'xstate.done.actor.loadMonth', output: [] }, 'loaded');
    await s.replay({ type: 'orders.nextMonth' }, 'loaded');
    expect(s.actor.getSnapshot().context.month).toBe('2026-11');
  });

  it('a failure shows the danger alert, and another month aborts a fetch in flight', async () => {
    const s = start();
    await s.replay({ type: 'xstate.error.actor.loadMonth', error: serverError }, 'failed');
    expect(s.actor.getSnapshot().context.error).toBe(ORDER_HISTORY_FAILED);
    await s.replay({ type: 'orders.lastMonth' }, 'loading');
    expect(s.actor.getSnapshot().context.error).toBeNull();
    await s.replay({ type: 'orders.lastMonth' }, 'loading');
    expect(s.callsOf('loadMonth')[1]!.signal.aborted).toBe(true);
    expect(s.callsOf('loadMonth')[2]!.input).toMatchObject({ month: '2026-08' });
  });
});
