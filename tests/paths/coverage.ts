import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { endState, transitionsTaken, type CataloguePath } from './catalogue-paths.ts';
import { coveredTransitionKeys } from './machine-diagram.ts';

/** States and transitions the catalogue's paths reach, out of all the machine defines. */

export interface Tally {
  reached: number;
  all: number;
  missing: string[];
}

export interface Coverage {
  states: Tally;
  transitions: Tally;
  /** Declared unreachable by the registration, with why. */
  unreachable: [string, string][];
}

function tally(all: Iterable<string>, reached: Set<string>): Tally {
  const list = [...all];
  const missing = list.filter((x) => !reached.has(x));
  return { reached: list.length - missing.length, all: list.length, missing };
}

export function coverage(entry: RegisteredMachine, paths: readonly CataloguePath[]): Coverage {
  const states = new Set(paths.flatMap((p) => [p.start, ...p.states, endState(p)]));
  const transitions = new Set(paths.flatMap(transitionsTaken));
  const unreachable = Object.entries(entry.unreachable ?? {});
  const defined = [...coveredTransitionKeys(entry.machine)].filter((t) => !entry.unreachable?.[t]);
  return {
    states: tally(Object.keys(entry.machine.root.states), states),
    transitions: tally(defined, transitions),
    unreachable,
  };
}

const percent = ({ reached, all }: Tally) => (all === 0 ? 100 : Math.floor((reached / all) * 100));

export function coverageLine(c: Coverage): string {
  const left = c.unreachable.length ? ` (${c.unreachable.length} unreachable left out)` : '';
  return `states ${c.states.reached}/${c.states.all} (${percent(c.states)} %), transitions ${c.transitions.reached}/${c.transitions.all} (${percent(c.transitions)} %)${left}`;
}
