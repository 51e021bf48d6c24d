import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../src/machines/registry.ts';
import { cataloguePaths, transitionsTaken } from '../paths/catalogue-paths.ts';
import { coverage, coverageLine } from '../paths/coverage.ts';
import { coveredTransitionKeys, diagramEdges } from '../paths/machine-diagram.ts';
import { doorRegistration } from './path-fixtures.ts';

describe('coverage counts transitions that only change data', () => {
  it('a targetless transition is a transition of its state, and a path takes it', () => {
    const door = doorRegistration();
    expect([...coveredTransitionKeys(door.machine)]).toContain('closed --door.knock--> closed');
    const c = coverage(door, cataloguePaths(door));
    expect(c.staying).toMatchObject({ reached: 1, all: 2 });
    expect(c.changing).toMatchObject({ reached: 4, all: 4, missing: [] });
    expect(c.transitions).toMatchObject({ reached: 5, all: 6 });
    expect(coverageLine(c)).toBe('states 3/3 (100 %), transitions 5/6 (83 %): 4/4 to another state, 1/2 that only change data');
  });

  it('an event a guard refuses takes no transition: the jammed door is not counted as taken', () => {
    const door = doorRegistration();
    const taken = cataloguePaths(door).flatMap(transitionsTaken);
    expect(taken).toContain('closed --door.knock--> closed');
    expect(taken).not.toContain('opened --door.open--> opened');
    expect(coverage(door, cataloguePaths(door)).transitions.missing).toEqual(['opened --door.open--> opened']);
  });

  it('Intel: every transition row of the definition is counted, not only those to another state', () => {
    const intel = MACHINES.find((m) => m.name === 'intel')!;
    const keys = coveredTransitionKeys(intel.machine);
    const targetless = diagramEdges(intel.machine).filter((e) => e.targetless && !e.anyState);
    expect(targetless.length).toBeGreaterThan(0);
    for (const e of targetless) expect(keys.has(`${e.from} --${e.event}--> ${e.from}`), `${e.from} ${e.event}`).toBe(true);
    const changing = [...keys].filter((k) => !/^(\w+) --.*--> \1$/.test(k));
    expect(keys.size).toBeGreaterThan(changing.length + 50);
  });
});
