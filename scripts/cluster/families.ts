// Routing by family (issue 41): each family of houses is served by one group of API nodes, whose
// indexes hold only the families routed to them (INDEX_FAMILIES). The API names the caller's
// family in a cookie (server/http/family-cookie.ts); HAProxy maps it to the family's group
// (haproxy.ts). Families are spread over groups by rendezvous hashing: each family goes to the
// group with the highest hash of (group, family), so adding or removing a group moves only the
// families that go to it or came from it, and every process computes the same answer.
import { createHash } from 'node:crypto';

/** The API nodes' group names: node i (from 0) is in group (i mod groups) + 1. */
export const groupName = (group: number) => `group-${group + 1}`;
export const groupOfNode = (node: number, groups: number) => node % groups;

const weight = (group: string, family: number) => createHash('sha256').update(`${group}/${family}`).digest().readBigUInt64BE();

/** The families (their heads' ids) of each of `groups` groups; a group may get none. */
export function familyGroups(families: readonly number[], groups: number): number[][] {
  const out = Array.from({ length: groups }, (): number[] => []);
  for (const family of [...new Set(families)].sort((a, b) => a - b)) {
    let best = 0;
    for (let g = 1; g < groups; g++) if (weight(groupName(g), family) > weight(groupName(best), family)) best = g;
    out[best]!.push(family);
  }
  return out;
}

/** INDEX_FAMILIES for a node of a group holding `families` ('none' when the hash gave it none). */
export const indexFamiliesEnv = (families: readonly number[]) => (families.length ? families.join(',') : 'none');

/** HAProxy's map file: each family's id, then its group's backend. */
export const familyMap = (groups: readonly number[][]) =>
  groups.flatMap((families, g) => families.map((family) => `${family} ${groupName(g)}`)).join('\n') + '\n';
