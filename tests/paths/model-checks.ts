import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { definedTransitionsWithMachineWide, edgeKey, type Edge } from './machine-paths.ts';

/** The coverage checks of the model-based tests: generated paths reach every state and take every transition. */

export function expectEveryStateReached(machine: AnyStateMachine, paths: readonly { states: unknown[] }[], initial: string) {
  const reached = new Set(paths.flatMap((p) => [initial, ...p.states.map(String)]));
  expect([...reached].sort()).toEqual(Object.keys(machine.root.states).sort());
}

/** `selfLoops` are defined transitions back into the same state, which state-changing edges cannot take. */
export function expectEveryTransitionTaken(machine: AnyStateMachine, edges: readonly Edge[], selfLoops: readonly string[] = []) {
  const defined = [...definedTransitionsWithMachineWide(machine)];
  expect(defined.filter((t) => selfLoops.includes(t)).sort()).toEqual([...selfLoops].sort());
  expect([...new Set(edges.map(edgeKey))].sort()).toEqual(defined.filter((t) => !selfLoops.includes(t)).sort());
}
