import type { AnyEventObject } from 'xstate';
import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { coveredTransitionKeys } from './machine-diagram.ts';
import { allEdges, shortestPaths } from './machine-paths.ts';
import { pathId, uniqueIds } from './path-id.ts';

/**
 * The catalogue's paths of one machine: the shortest path to each state, then for every defined
 * transition no chosen path takes yet, the shortest path that ends by taking it.
 */

export interface CataloguePath {
  /** `<machine>/<hash>` of the variant, start and events (path-id.ts): stable across unrelated edits. */
  id: string;
  variant: string;
  /** The state the machine starts in. */
  start: string;
  events: AnyEventObject[];
  /** The (top-level) state after each event. */
  states: string[];
}

/** The top-level state name of a state value. */
export function topState(value: unknown): string {
  return typeof value === 'string' ? value : Object.keys(value as object)[0] ?? String(value);
}

export const initialState = (entry: RegisteredMachine) => String(entry.machine.config.initial);

export const endState = (path: Pick<CataloguePath, 'start' | 'states'>) => path.states.at(-1) ?? path.start;

/** `from --event--> to` for each step, the form `coveredTransitionKeys` lists. */
export function transitionsTaken(path: Pick<CataloguePath, 'start' | 'states' | 'events'>): string[] {
  return path.events.map((e, i) => `${i === 0 ? path.start : path.states[i - 1]} --${e.type}--> ${path.states[i]}`);
}

type Candidate = Omit<CataloguePath, 'id'>;

const chosenFor = new WeakMap<RegisteredMachine, CataloguePath[]>();

/** Computed once per registration: the pages, the browser replays and the exports all ask for them. */
export function cataloguePaths(entry: RegisteredMachine): CataloguePath[] {
  const known = chosenFor.get(entry);
  if (known) return known;
  const start = initialState(entry);
  const byLength = (a: Candidate, b: Candidate) => a.events.length - b.events.length;
  const toStates = shortestPaths(entry)
    .map((p) => ({ variant: p.variant, start, events: p.events, states: p.states.map(topState) }))
    .sort(byLength);
  // An event a state ignores (or whose guard refuses) leaves it where it was: that step takes no transition.
  const viaEdges = allEdges(entry)
    .filter((e) => e.fired)
    .map((e) => ({ variant: e.variant, start, events: e.path, states: e.states.map(topState) }))
    .sort(byLength);
  const defined = coveredTransitionKeys(entry.machine);

  const chosen: Candidate[] = [];
  const ends = new Set<string>();
  for (const path of toStates) {
    if (ends.has(endState(path))) continue;
    ends.add(endState(path));
    chosen.push(path);
  }
  const taken = new Set(chosen.flatMap(transitionsTaken));
  for (const path of viaEdges) {
    const last = transitionsTaken(path).at(-1);
    if (!last || !defined.has(last) || taken.has(last)) continue;
    transitionsTaken(path).forEach((t) => taken.add(t));
    chosen.push(path);
  }
  const ids = uniqueIds(chosen.map((p) => pathId({ machine: entry.name, ...p })));
  const paths = chosen.map((p, i) => ({ id: ids[i]!, ...p }));
  chosenFor.set(entry, paths);
  return paths;
}
