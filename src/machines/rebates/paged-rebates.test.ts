import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyEventObject } from 'xstate';
import { callDouble } from '../testing/call-double.ts';
import { definedTransitions, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import type { RebatePage } from '../../model/rebates.ts';
import { pagedRebatesMachine, type LoadPageInput, type PagedRebatesEvent } from './paged-rebates.ts';
import { MACHINES } from '../registry.ts';
import { fullPage, lastPage } from './rebate-samples.ts';

const entry = MACHINES.find((m) => m.name === 'paged-rebates')!;

/** The real machine with its loader replaced by a promise the test settles step by step. */
function startReal() {
  const calls: { input: LoadPageInput; signal: AbortSignal; resolve: (p: RebatePage) => void; reject: (e: unknown) => void }[] = [];
  const machine = pagedRebatesMachine.provide({
    actors: {
      loadPage: callDouble<RebatePage, LoadPageInput>(
        (input, signal) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input: { scope: 'yours' } }).start();
  /** What every settled page added, in order: the rows on screen must be exactly these. */
  const delivered: RebatePage[] = [];

  async function replay(event: AnyEventObject, expected: unknown) {
    const outcome = /^xstate\.(done|error)\.actor\.loadPage$/.exec(event.type)?.[1];
    if (outcome) {
      const call = calls.at(-1);
      expect(call, 'a page load should be running').toBeDefined();
      expect(call!.signal.aborted).toBe(false);
      if (outcome === 'done') {
        delivered.push(event.output);
        call!.resolve(event.output);
      } else call!.reject(event.error);
      await waitFor(actor, (s) => s.value === expected, { timeout: 1000 });
    } else {
      if (event.type === 'rebates.criteriaChanged' || event.type === 'rebates.scopeChanged') delivered.length = 0;
      actor.send(event as PagedRebatesEvent);
    }
    expect(actor.getSnapshot().value).toBe(expected);
  }

  function assertState() {
    const { value, context } = actor.getSnapshot();
    // Nothing loaded is ever lost or repeated: rows are the delivered pages, in order.
    expect(context.rows).toEqual(delivered.flatMap((p) => p.rows));
    expect(context.pagesLoaded).toBe(delivered.length);
    if (value === 'loading') {
      const call = calls.at(-1)!;
      expect(call.input).toEqual({ scope: context.scope, criteria: context.criteria, page: context.pagesLoaded + 1 });
    }
    if (value === 'failed') expect(context.rows).toEqual([]);
    if (value === 'failedToLoadMore') expect(context.rows.length).toBeGreaterThan(0);
  }
  return { actor, replay, assertState, calls };
}

describe('paged-rebates, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);
  const states = Object.keys(pagedRebatesMachine.root.states).sort();

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => ['loading', ...p.states.map(String)]));
    expect([...reached].sort()).toEqual(states);
  });

  it('takes every transition the machine defines between different states', () => {
    const taken = new Set(edges.map((e) => `${String(e.from)} --${e.event.type}--> ${String(e.to)}`));
    const defined = [...definedTransitions(pagedRebatesMachine)].filter((k) => {
      const [from, , to] = k.split(/ --|--> /);
      return from !== to;
    });
    // Root-level events (new criteria, another tab) lead to loading from every other state.
    for (const from of states.filter((s) => s !== 'loading')) {
      for (const type of ['rebates.criteriaChanged', 'rebates.scopeChanged']) defined.push(`${from} --${type}--> loading`);
    }
    expect([...taken].sort()).toEqual([...new Set(defined)].sort());
  });

  for (const edge of edges) {
    it(`replays edge ${String(edge.from)} --${edge.event.type}--> ${String(edge.to)} after ${edge.path.length - 1} events`, async () => {
      const { actor, replay, assertState } = startReal();
      assertState();
      for (const [i, event] of edge.path.entries()) {
        await replay(event, edge.states[i]);
        assertState();
      }
      actor.stop();
    });
  }
});

describe('paged-rebates, behaviour', () => {
  it("'Click to try again' asks for the same page and appends it to the rows already there", async () => {
    const { actor, replay, calls } = startReal();
    await replay({ type: 'xstate.done.actor.loadPage', output: fullPage }, 'idle');
    await replay({ type: 'rebates.loadMore' }, 'loading');
    expect(calls.at(-1)!.input.page).toBe(2);
    await replay({ type: 'xstate.error.actor.loadPage', error: new Error('offline') }, 'failedToLoadMore');
    expect(actor.getSnapshot().context.rows).toHaveLength(20);
    await replay({ type: 'rebates.retry' }, 'loading');
    expect(calls.at(-1)!.input.page).toBe(2);
    await replay({ type: 'xstate.done.actor.loadPage', output: lastPage }, 'idle');
    expect(actor.getSnapshot().context.rows.map((r) => r.rebateId)).toEqual([...fullPage.rows, ...lastPage.rows].map((r) => r.rebateId));
    // The last page said there is no more: loading more does nothing.
    actor.send({ type: 'rebates.loadMore' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('starts over from page 1 on a new search, aborting the load in flight', async () => {
    const { actor, replay, calls } = startReal();
    await replay({ type: 'xstate.done.actor.loadPage', output: fullPage }, 'idle');
    await replay({ type: 'rebates.loadMore' }, 'loading');
    const inFlight = calls.at(-1)!;
    await replay({ type: 'rebates.criteriaChanged', criteria: { search: 'acme', sort: 'min', order: 'desc' } }, 'loading');
    expect(inFlight.signal.aborted).toBe(true);
    expect(calls.at(-1)!.input).toMatchObject({ page: 1, criteria: { search: 'acme', sort: 'min', order: 'desc', manufacturers: [] } });
    expect(actor.getSnapshot().context.rows).toEqual([]);
  });

  it('reveals one row at a time; revealing it again hides it', async () => {
    const { actor, replay } = startReal();
    await replay({ type: 'xstate.done.actor.loadPage', output: fullPage }, 'idle');
    actor.send({ type: 'rebates.rowToggled', rebateId: 3 });
    actor.send({ type: 'rebates.rowToggled', rebateId: 5 });
    expect(actor.getSnapshot().context.revealedId).toBe(5);
    actor.send({ type: 'rebates.rowToggled', rebateId: 5 });
    expect(actor.getSnapshot().context.revealedId).toBeNull();
  });
});
