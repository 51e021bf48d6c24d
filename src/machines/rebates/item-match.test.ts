import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyEventObject } from 'xstate';
import { callDouble } from '../testing/call-double.ts';
import { definedTransitions, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import type { ItemMatch } from '../../model/match.ts';
import type { MatchKey } from '../../services/matches-service.ts';
import { cacheKey, itemMatchMachine, type ItemMatchEvent } from './item-match.ts';
import { itemA, itemB, sampleMatch } from './match-samples.ts';
import { selectShownMatches } from './selectors.ts';
import { MACHINES } from '../registry.ts';

const entry = MACHINES.find((m) => m.name === 'item-match')!;

function startReal() {
  const calls: { input: MatchKey; signal: AbortSignal; resolve: (m: ItemMatch[]) => void; reject: (e: unknown) => void }[] = [];
  const machine = itemMatchMachine.provide({
    actors: {
      loadMatches: callDouble<ItemMatch[], MatchKey>((input, signal) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject }))),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  async function replay(event: AnyEventObject, expected: unknown) {
    const outcome = /^xstate\.(done|error)\.actor\.loadMatches$/.exec(event.type)?.[1];
    if (outcome) {
      const call = calls.at(-1)!;
      expect(call.signal.aborted).toBe(false);
      if (outcome === 'done') call.resolve(event.output);
      else call.reject(event.error);
      await waitFor(actor, (s) => s.value === expected, { timeout: 1000 });
    } else actor.send(event as ItemMatchEvent);
    expect(actor.getSnapshot().value).toBe(expected);
  }
  function assertState() {
    const { value, context } = actor.getSnapshot();
    if (value === 'loading') expect(calls.at(-1)!.input).toEqual(context.key);
    if (value === 'complete') expect(context.matches).toBe(context.cache[cacheKey(context.key!)]);
    if (value === 'failed') expect(context.key).not.toBeNull();
  }
  return { actor, calls, replay, assertState };
}

describe('item-match, model-based', () => {
  const edges = stateChangingEdges(entry);
  const states = Object.keys(itemMatchMachine.root.states).sort();

  it('reaches every state and takes every transition between different states', () => {
    const reached = new Set(shortestPaths(entry).flatMap((p) => ['idle', ...p.states.map(String)]));
    expect([...reached].sort()).toEqual(states);
    const taken = new Set(edges.map((e) => `${String(e.from)} --${e.event.type}--> ${String(e.to)}`));
    const defined = [...definedTransitions(itemMatchMachine)].filter((k) => k.split(/ --|--> /)[0] !== k.split(/--> /)[1]);
    // A request is a root-level event: from every state to loading (new item) or complete (cached).
    for (const from of states) {
      if (from !== 'loading') defined.push(`${from} --matches.requested--> loading`);
      if (from !== 'complete' && from !== 'idle') defined.push(`${from} --matches.requested--> complete`);
    }
    expect([...taken].sort()).toEqual([...new Set(defined)].sort());
  });

  for (const edge of edges) {
    it(`replays ${String(edge.from)} --${edge.event.type}--> ${String(edge.to)} after ${edge.path.length - 1} events`, async () => {
      const { actor, replay, assertState } = startReal();
      for (const [i, event] of edge.path.entries()) {
        await replay(event, edge.states[i]);
        assertState();
      }
      actor.stop();
    });
  }
});

describe('item-match, cache', () => {
  it('asks the server once per item and manufacturer pair; refreshing asks again', async () => {
    const { actor, calls, replay } = startReal();
    await replay({ type: 'matches.requested', key: itemA }, 'loading');
    await replay({ type: 'xstate.done.actor.loadMatches', output: [sampleMatch] }, 'complete');
    await replay({ type: 'matches.requested', key: itemB }, 'loading');
    await replay({ type: 'xstate.done.actor.loadMatches', output: [] }, 'complete');
    await replay({ type: 'matches.requested', key: { ...itemA } }, 'complete');
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.matches).toEqual([sampleMatch]);
    // Same MIN, another manufacturer: another pair, another call.
    await replay({ type: 'matches.requested', key: { ...itemA, manufacturerPlatformId: 'MF-000009' } }, 'loading');
    expect(calls).toHaveLength(3);
    await replay({ type: 'matches.requested', key: itemA }, 'complete');
    expect(calls[2]!.signal.aborted).toBe(true);
    await replay({ type: 'matches.refreshed' }, 'loading');
    expect(calls).toHaveLength(4);
  });
});

describe('item-match, a page for one item', () => {
  it('asks for its item as it starts, without an event from the view', () => {
    const asked: MatchKey[] = [];
    const machine = itemMatchMachine.provide({ actors: { loadMatches: callDouble<ItemMatch[], MatchKey>((input) => (asked.push(input), new Promise(() => {}))) } });
    const actor = createActor(machine, { input: { key: itemA } }).start();
    expect([actor.getSnapshot().value, asked]).toEqual(['loading', [itemA]]);
  });
});

describe('item-match, the page search', () => {
  it('narrows the items shown by MIN, description or manufacturer, ignoring case and spaces around', async () => {
    const { actor, replay } = startReal();
    const other = { ...sampleMatch, min: '999', description: 'PAPER NAPKIN', manufacturerName: 'Other Mills' };
    await replay({ type: 'matches.requested', key: itemA }, 'loading');
    await replay({ type: 'xstate.done.actor.loadMatches', output: [sampleMatch, other] }, 'complete');
    actor.send({ type: 'matches.searchChanged', search: '  napkin ' });
    expect(selectShownMatches(actor.getSnapshot())).toEqual([other]);
    actor.send({ type: 'matches.searchChanged', search: 'MILLS' });
    expect(selectShownMatches(actor.getSnapshot()).map((m) => m.min)).toEqual(['999']);
    actor.send({ type: 'matches.searchChanged', search: '' });
    expect(selectShownMatches(actor.getSnapshot())).toHaveLength(2);
  });
});
