import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cataloguePaths } from './catalogue-paths.ts';
import { registered, whyNotRunnable, type BrowserModel } from '../browser/model/runnable-paths.ts';

/**
 * Which catalogue paths a browser test replays, found without a browser: each
 * `tests/browser/model-*.spec.ts` that calls `testModelPaths(someModel)` replays exactly the paths
 * `runnablePaths(someModel)` accepts (browser-model.ts), so the mapping is imported and asked.
 * Specs that run chosen paths by hand (model-broken-view, a test of the test) replay none.
 */

export const BROWSER_DIR = 'tests/browser';

export interface BrowserReplay {
  /** The spec that replays the machine's paths, from the repository root. */
  spec: string;
  /** Per path id: undefined when replayed, else why the mapping skips it. */
  skipped: ReadonlyMap<string, string | undefined>;
}

/** Replays by machine name. */
export type BrowserReplays = ReadonlyMap<string, BrowserReplay>;

/** `[spec, model module, export name]` of each spec that calls `testModelPaths`. */
export function modelSpecs(dir = BROWSER_DIR): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const name of readdirSync(dir).filter((n) => /^model-.*\.spec\.ts$/.test(n)).sort()) {
    const text = readFileSync(join(dir, name), 'utf8');
    for (const [, model] of text.matchAll(/testModelPaths\((\w+)\)/g)) {
      const from = new RegExp(`import\\s*\\{[^}]*\\b${model}\\b[^}]*\\}\\s*from\\s*'([^']+)'`).exec(text)?.[1];
      if (from) found.push([`${dir}/${name}`, join(dir, from), model!]);
    }
  }
  return found;
}

export async function browserReplays(dir = BROWSER_DIR): Promise<BrowserReplays> {
  const replays = new Map<string, BrowserReplay>();
  for (const [spec, module, name] of modelSpecs(dir)) {
    const model = ((await import(pathToFileURL(resolve(module)).href)) as Record<string, BrowserModel>)[name];
    if (!model?.machine) continue;
    const paths = cataloguePaths(registered(model.machine));
    replays.set(model.machine, { spec, skipped: new Map(paths.map((p) => [p.id, whyNotRunnable(model, p)])) });
  }
  return replays;
}

/** Whether `id` of `machine` is replayed, in words, for pages and exports. */
export function replayWords(replays: BrowserReplays, machine: string, id: string): string {
  const replay = replays.get(machine);
  if (!replay) return 'not replayed in a browser (no browser mapping for this machine)';
  const why = replay.skipped.get(id);
  return why === undefined && replay.skipped.has(id) ? `replayed in a browser by ${replay.spec}` : `not replayed in a browser (${why ?? 'not in the mapping'})`;
}

export const isReplayed = (replays: BrowserReplays, machine: string, id: string) => {
  const skipped = replays.get(machine)?.skipped;
  return !!skipped?.has(id) && skipped.get(id) === undefined;
};
