import { execFileSync } from 'node:child_process';
import { PATHS_DIR } from './catalogue-docs.ts';
import { UsageError } from './cli-options.ts';
import type { MachineJson } from './path-json.ts';

/**
 * Paths added, removed and changed since a git ref, from the JSON committed there
 * (`git show REF:docs/paths/<machine>.json`) against the paths generated now. A path is matched
 * by its id; JSON from before ids were stable (a bare list, ids by position, events by type) is
 * matched by its start and steps in words instead. Changed: same path, other states or check.
 */

/** Just what the comparison reads, in either JSON shape. */
interface ComparablePath {
  id: string;
  start: { variant: string; state: string };
  steps: { words: string; state: string }[];
  expectedState: string;
  check: string;
}

export interface MachineDiff {
  machine: string;
  added: string[];
  removed: string[];
  changed: string[];
}

const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });

export function checkRef(ref: string) {
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new UsageError(`--diff: "${ref}" is not a commit git knows`);
  }
}

/** The machines' JSON at `ref`, by machine name. */
export function jsonAt(ref: string): Map<string, unknown> {
  const names = git(['ls-tree', '--name-only', `${ref}:${PATHS_DIR}`])
    .split('\n')
    .filter((n) => n.endsWith('.json'));
  return new Map(names.map((n) => [n.replace(/\.json$/, ''), JSON.parse(git(['show', `${ref}:${PATHS_DIR}/${n}`])) as unknown]));
}

const pathsOf = (json: unknown): ComparablePath[] => (Array.isArray(json) ? json : ((json as MachineJson).paths as ComparablePath[]));
const byWords = (p: ComparablePath) => JSON.stringify([p.start.variant, p.start.state, p.steps.map((s) => s.words)]);
const outcome = (p: ComparablePath) => JSON.stringify([p.steps.map((s) => s.state), p.expectedState, p.check]);

export function diffMachine(machine: string, before: unknown, now: unknown): MachineDiff {
  const old = before === undefined ? [] : pathsOf(before);
  const current = now === undefined ? [] : pathsOf(now);
  const key = Array.isArray(before) ? byWords : (p: ComparablePath) => p.id;
  const oldByKey = new Map(old.map((p) => [key(p), p]));
  const nowByKey = new Map(current.map((p) => [key(p), p]));
  const name = (p: ComparablePath) => `${p.id} (${p.start.variant}: ${p.steps.map((s) => s.words).join(' / ') || 'no steps'} → ${p.expectedState})`;
  return {
    machine,
    added: current.filter((p) => !oldByKey.has(key(p))).map(name),
    removed: old.filter((p) => !nowByKey.has(key(p))).map(name),
    changed: current.filter((p) => oldByKey.has(key(p)) && outcome(oldByKey.get(key(p))!) !== outcome(p)).map(name),
  };
}

export function diffText(diffs: readonly MachineDiff[], ref: string): string {
  const changed = diffs.filter((d) => d.added.length + d.removed.length + d.changed.length > 0);
  if (!changed.length) return `No path added, removed or changed since ${ref}.`;
  return changed
    .flatMap((d) => [
      `${d.machine}: ${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed`,
      ...d.added.map((p) => `  + ${p}`),
      ...d.removed.map((p) => `  - ${p}`),
      ...d.changed.map((p) => `  ~ ${p}`),
    ])
    .join('\n');
}
