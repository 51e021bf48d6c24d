import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../src/machines/registry.ts';
import { parseWalkTarget } from '../paths/cli-options.ts';
import { mulberry32, randomWalk } from '../paths/random-walk.ts';
import { doorRegistration } from './path-fixtures.ts';

const words = (walk: ReturnType<typeof randomWalk>) => walk.steps.map((s) => `${s.restart ? `[${s.restart}] ` : ''}${s.from} --${s.event.type}--> ${s.to}`);

describe('the seeded random walk', () => {
  it('the same seed walks the same way; another seed another way', { timeout: 30_000 }, () => {
    const entry = MACHINES.find((m) => m.name === 'login-form')!;
    const target = parseWalkTarget('edge-coverage:100');
    const a = randomWalk(entry, target, 7);
    expect(words(randomWalk(entry, target, 7))).toEqual(words(a));
    expect(a).toMatchObject({ seed: 7, reached: true });
    expect(words(randomWalk(entry, target, 8))).not.toEqual(words(a));
  });

  it('stops at the target, and says so when the steps run out first', () => {
    const door = doorRegistration();
    const states = randomWalk(door, parseWalkTarget('state-coverage:100'), 1);
    expect(states.coverage.states.reached).toBe(3);
    expect(states.reached).toBe(true);
    // The jammed door never opens again: 100 % of the transitions is out of reach.
    const edges = randomWalk(door, parseWalkTarget('edge-coverage:100'), 1, 300);
    expect(edges).toMatchObject({ reached: false, coverage: { transitions: { reached: 5, all: 6 } } });
    expect(edges.steps).toHaveLength(300);
  });

  it('mulberry32 is a pure function of its seed', () => {
    const first = Array.from({ length: 3 }, mulberry32(42));
    expect(Array.from({ length: 3 }, mulberry32(42))).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
