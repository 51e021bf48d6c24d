import { getInitialSnapshot, getNextSnapshot, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { topState } from './catalogue-paths.ts';
import { coverageOf, percent, type Coverage } from './coverage.ts';
import type { WalkTarget } from './cli-options.ts';

/**
 * A seeded random walk until a coverage target, in the manner of GraphWalker's
 * `random(edge_coverage(N))`: from a random starting variant, send a random sample event that
 * fires a transition, preferring one whose transition no step has taken yet (a purely random
 * walk spends its steps on the many data-only loops: Intel stayed in two states for 20 000
 * steps); start over when the machine is done, no sample event fires, or STALL steps pass with
 * nothing new. The random numbers come from the seed alone (mulberry32), so the same seed walks
 * the same way and a run is repeated by its seed.
 */

const STALL = 200;

export interface WalkStep {
  /** The variant label of a new start (the walk begins, or starts over) before this step. */
  restart?: string;
  from: string;
  event: AnyEventObject;
  to: string;
}

export interface Walk {
  seed: number;
  steps: WalkStep[];
  coverage: Coverage;
  reached: boolean;
}

/** A small seeded generator of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomWalk(entry: RegisteredMachine, target: WalkTarget, seed: number, maxSteps = 5_000): Walk {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const states = new Set<string>();
  const taken = new Set<string>();
  const steps: WalkStep[] = [];
  const measure = () => coverageOf(entry, states, taken);
  const done = () => percent(target.kind === 'edge-coverage' ? measure().transitions : measure().states) >= target.percent;

  let restart: string | undefined;
  const begin = (): AnyMachineSnapshot => {
    const variant = pick(entry.variants);
    restart = variant.label;
    const snapshot = getInitialSnapshot(entry.machine, variant.input?.());
    states.add(topState(snapshot.value));
    return snapshot;
  };
  let snapshot = begin();
  // Starts in a row with no event firing: a machine no sample event moves ends the walk.
  let idleStarts = 0;
  let sinceNew = 0;
  while (!done() && steps.length < maxSteps && idleStarts < 100) {
    const firing = snapshot.status === 'active' ? entry.events.filter((e) => snapshot.can(e)) : [];
    if (!firing.length || sinceNew >= STALL) {
      snapshot = begin();
      if (!firing.length) idleStarts++;
      sinceNew = 0;
      continue;
    }
    idleStarts = 0;
    const from = topState(snapshot.value);
    const moves = firing.map((event) => {
      const next = getNextSnapshot(entry.machine, snapshot, event);
      return { event, next, key: `${from} --${event.type}--> ${topState(next.value)}` };
    });
    const fresh = moves.filter((m) => !taken.has(m.key));
    const { event, next, key } = pick(fresh.length ? fresh : moves);
    const to = topState(next.value);
    steps.push({ ...(restart ? { restart } : {}), from, event, to });
    restart = undefined;
    sinceNew = taken.has(key) && states.has(to) ? sinceNew + 1 : 0;
    taken.add(key);
    states.add(to);
    snapshot = next;
  }
  return { seed, steps, coverage: measure(), reached: done() };
}
