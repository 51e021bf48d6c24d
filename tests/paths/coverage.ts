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
  /** Every transition, those that stay in their state (they only change data) included. */
  transitions: Tally;
  /** The part of `transitions` that goes to another state. */
  changing: Tally;
  /** The part of `transitions` that stays in its state (`from --event--> from`). */
  staying: Tally;
  /** Declared unreachable by the registration, with why. */
  unreachable: [string, string][];
}

export function tally(all: Iterable<string>, reached: ReadonlySet<string>): Tally {
  const list = [...all];
  const missing = list.filter((x) => !reached.has(x));
  return { reached: list.length - missing.length, all: list.length, missing };
}

/** `a --e--> a`: the transition leaves the machine in the state it was in. */
export const stays = (key: string) => {
  const [from, to] = key.split(/ --.*--> /);
  return from === to;
};

/** The transitions coverage counts: all the definition has, less those the registration calls unreachable. */
export const countedTransitions = (entry: RegisteredMachine) => [...coveredTransitionKeys(entry.machine)].filter((t) => !entry.unreachable?.[t]);

/** Coverage of `reachedStates` and `taken` transitions (from paths, a walk or a browser replay). */
export function coverageOf(entry: RegisteredMachine, reachedStates: ReadonlySet<string>, taken: ReadonlySet<string>): Coverage {
  const defined = countedTransitions(entry);
  return {
    states: tally(Object.keys(entry.machine.root.states), reachedStates),
    transitions: tally(defined, taken),
    changing: tally(defined.filter((t) => !stays(t)), taken),
    staying: tally(defined.filter(stays), taken),
    unreachable: Object.entries(entry.unreachable ?? {}),
  };
}

export function coverage(entry: RegisteredMachine, paths: readonly CataloguePath[]): Coverage {
  const states = new Set(paths.flatMap((p) => [p.start, ...p.states, endState(p)]));
  return coverageOf(entry, states, new Set(paths.flatMap(transitionsTaken)));
}

export const percent = ({ reached, all }: Tally) => (all === 0 ? 100 : Math.floor((reached / all) * 100));

export const fraction = (t: Tally) => `${t.reached}/${t.all} (${percent(t)} %)`;

export function coverageLine(c: Coverage): string {
  const left = c.unreachable.length ? ` (${c.unreachable.length} unreachable left out)` : '';
  const split = c.staying.all ? `: ${c.changing.reached}/${c.changing.all} to another state, ${c.staying.reached}/${c.staying.all} that only change data` : '';
  return `states ${fraction(c.states)}, transitions ${fraction(c.transitions)}${split}${left}`;
}
