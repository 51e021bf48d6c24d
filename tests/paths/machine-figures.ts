import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { isReplayed, type BrowserReplays } from './browser-replays.ts';
import { cataloguePaths, type CataloguePath } from './catalogue-paths.ts';
import { coverage, fraction, type Coverage } from './coverage.ts';

/**
 * The honest figures of one machine, as the pages, the index and docs/qa.md print them: paths
 * generated, how much of the machine they cover, whether unit tests replay them (every path of a
 * machine with view models is replayed on its transitions by tests/unit/view-models.test.ts), and
 * how many a browser test replays with what coverage.
 */

export interface Figures {
  paths: CataloguePath[];
  generated: Coverage;
  unitReplay: boolean;
  /** Undefined when no browser mapping exists for the machine. */
  browser?: { spec: string; replayed: CataloguePath[]; coverage: Coverage };
}

export function machineFigures(entry: RegisteredMachine, replays: BrowserReplays): Figures {
  const paths = cataloguePaths(entry);
  const replay = replays.get(entry.name);
  const replayed = paths.filter((p) => isReplayed(replays, entry.name, p.id));
  return {
    paths,
    generated: coverage(entry, paths),
    unitReplay: Object.keys(entry.views ?? {}).length > 0,
    ...(replay ? { browser: { spec: replay.spec, replayed, coverage: coverage(entry, replayed) } } : {}),
  };
}

/** `10/24 paths; states 5/7 (71 %), transitions 12/40 (30 %)`, or `not replayed in a browser`. */
export function browserLine(f: Figures): string {
  if (!f.browser) return 'not replayed in a browser';
  const { replayed, coverage: c } = f.browser;
  return `${replayed.length}/${f.paths.length} paths; states ${fraction(c.states)}, transitions ${fraction(c.transitions)}`;
}
