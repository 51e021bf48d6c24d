import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { callDouble } from '../testing/call-double.ts';
import { definedTransitions, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import type { RebateFilters } from '../../model/rebates.ts';
import { rebateFiltersMachine } from './rebate-filters.ts';
import { MACHINES } from '../registry.ts';

const entry = MACHINES.find((m) => m.name === 'rebate-filters')!;

describe('rebate-filters, model-based', () => {
  const edges = stateChangingEdges(entry);

  it('reaches every state and takes every transition', () => {
    const reached = new Set(shortestPaths(entry).flatMap((p) => ['loading', ...p.states.map(String)]));
    expect([...reached].sort()).toEqual(Object.keys(rebateFiltersMachine.root.states).sort());
    const taken = new Set(edges.map((e) => `${String(e.from)} --${e.event.type}--> ${String(e.to)}`));
    expect([...taken].sort()).toEqual([...definedTransitions(rebateFiltersMachine)].sort());
  });

  for (const edge of edges) {
    it(`replays ${String(edge.from)} --${edge.event.type}--> ${String(edge.to)}`, async () => {
      const event = edge.event;
      const machine = rebateFiltersMachine.provide({
        actors: {
          loadFilters: callDouble<RebateFilters>(() =>
            event.type.startsWith('xstate.done') ? Promise.resolve(event.output) : Promise.reject(event.error),
          ),
        },
      });
      const actor = createActor(machine).start();
      expect(actor.getSnapshot().value).toBe('loading');
      await waitFor(actor, (s) => s.value === edge.to, { timeout: 1000 });
      // The choices are there exactly when they loaded.
      expect(actor.getSnapshot().context.filters).toEqual(edge.to === 'loaded' ? event.output : null);
      // ...and what it ends with, for the page that invoked it.
      expect(actor.getSnapshot().output).toEqual(edge.to === 'loaded' ? event.output : null);
      actor.stop();
    });
  }
});
