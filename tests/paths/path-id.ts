import { createHash } from 'node:crypto';
import type { AnyEventObject } from 'xstate';
import { plainData } from './plain-data.ts';

/**
 * A path's id from what the path is, not where it sits in the list: a short hash of the machine,
 * its starting variant and state, and each event with its data. An edit elsewhere in the machine
 * (a new state, another path) leaves the ids of the unchanged paths as they were; a path whose
 * events change gets a new id, which `--diff` reports as one removed and one added.
 */

export interface PathIdentity {
  machine: string;
  variant: string;
  start: string;
  events: readonly AnyEventObject[];
}

export function pathId({ machine, variant, start, events }: PathIdentity): string {
  const text = JSON.stringify([variant, start, events.map((e) => plainData(e))]);
  return `${machine}/${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
}

/** The catalogue never chooses two paths with the same start and events; were it to, the later one gets `-2` rather than a clashing id. */
export function uniqueIds(ids: readonly string[]): string[] {
  const count = new Map<string, number>();
  return ids.map((id) => {
    const n = (count.get(id) ?? 0) + 1;
    count.set(id, n);
    return n === 1 ? id : `${id}-${n}`;
  });
}
