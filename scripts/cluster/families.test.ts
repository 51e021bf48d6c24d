import { describe, expect, it } from 'vitest';
import { familyGroups, familyMap, indexFamiliesEnv } from './families.ts';

const families = Array.from({ length: 400 }, (_, i) => 1 + i * 7);
const groupOf = (groups: number[][]) => new Map(groups.flatMap((fs, g) => fs.map((f) => [f, g] as const)));

describe('families spread over API node groups by rendezvous hashing', () => {
  it('puts every family in exactly one group, the same on every call, spread evenly', () => {
    const groups = familyGroups(families, 3);
    expect(groups.flat().sort((a, b) => a - b)).toEqual(families);
    expect(familyGroups([...families].reverse(), 3)).toEqual(groups);
    for (const g of groups) expect(g.length).toBeGreaterThan(400 / 3 * 0.75);
  });

  it('moves only the families of the group added or removed', () => {
    const three = groupOf(familyGroups(families, 3));
    const four = groupOf(familyGroups(families, 4));
    const moved = families.filter((f) => three.get(f) !== four.get(f));
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((f) => four.get(f) === 3)).toBe(true); // each went to the new group, none between old ones
    expect(moved.length).toBeLessThan(400 / 4 * 1.3);
  });

  it('writes the map HAProxy reads, and INDEX_FAMILIES for a group the hash gave none', () => {
    expect(familyMap([[3, 9], [], [4]])).toBe('3 group-1\n9 group-1\n4 group-3\n');
    expect(indexFamiliesEnv([])).toBe('none');
    expect(indexFamiliesEnv([4, 8])).toBe('4,8');
  });
});
