import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { isReplayed, replayWords, type BrowserReplays } from './browser-replays.ts';
import { endState, type CataloguePath } from './catalogue-paths.ts';
import { stateCheck, stepWords } from './step-words.ts';

/** Paths as one CSV a test manager imports: a row per path, steps numbered on lines of one cell (RFC 4180 quoting). */

export const CSV_HEADER = ['id', 'machine', 'start', 'steps', 'expected state', 'checks', 'replayed in browser'];

const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function csvRows(entry: RegisteredMachine, paths: readonly CataloguePath[], replays: BrowserReplays): string[][] {
  return paths.map((p) => [
    p.id,
    entry.name,
    `${p.variant}, in ${p.start}`,
    p.events.map((e, i) => `${i + 1}. ${stepWords(entry, e)} → ${p.states[i]}`).join('\n'),
    endState(p),
    stateCheck(entry, endState(p)),
    isReplayed(replays, entry.name, p.id) ? `yes (${replays.get(entry.name)!.spec})` : `no: ${replayWords(replays, entry.name, p.id).replace(/^not replayed in a browser \((.*)\)$/, '$1')}`,
  ]);
}

export const csvText = (rows: readonly string[][]) => `${[CSV_HEADER, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
