import { parseArgs } from 'node:util';

/**
 * `npm run paths` options, checked before anything is computed: a bad option or value is a
 * `UsageError`, which the CLI prints with the usage line and exits 2 on (no stack trace).
 */

export const USAGE = `usage: npm run paths [-- OPTIONS]
  (no options)                      write docs/machine-paths.md and docs/paths/*
  --machine NAME [--to STATE]       print NAME's paths (ending in STATE) in words
  --format gherkin|csv|junit [--machine NAME] [--out DIR] [--results FILE]
                                    export .feature files, paths.csv, or JUnit XML of the last browser replay
  --diff REF [--machine NAME]       paths added, removed and changed since git ref REF
  --walk edge-coverage:N|state-coverage:N [--seed N] [--machine NAME] [--max-steps N]
                                    seeded random walk until N % of transitions (states) are covered
  --help`;

export class UsageError extends Error {}

/** What the command needs is not there (no browser results yet): exit 1, with what to do. */
export class NothingToRead extends Error {}

export const FORMATS = ['gherkin', 'csv', 'junit'] as const;
export type Format = (typeof FORMATS)[number];

/** Where Playwright's JSON reporter writes each run's results (playwright.config.ts): outside test-results/, which each run empties. */
export const DEFAULT_RESULTS = '.scratch/model-paths-results.json';
export const DEFAULT_OUT = '.scratch/paths-export';

export interface WalkTarget {
  kind: 'edge-coverage' | 'state-coverage';
  percent: number;
}

export type Command =
  | { kind: 'help' }
  | { kind: 'write' }
  | { kind: 'print'; machine: string; to?: string }
  | { kind: 'export'; format: Format; machine?: string; out: string; results: string }
  | { kind: 'diff'; ref: string; machine?: string }
  | { kind: 'walk'; target: WalkTarget; seed?: number; machine?: string; maxSteps: number };

const integer = (name: string, text: string | undefined, min: number): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`--${name} needs a whole number${min ? ` of at least ${min}` : ''}, not "${text}"`);
  return Number(text);
};

export function parseWalkTarget(text: string): WalkTarget {
  const match = /^(edge-coverage|state-coverage):(\d+)$/.exec(text);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 100) throw new UsageError(`--walk needs edge-coverage:N or state-coverage:N with N from 1 to 100, not "${text}"`);
  return { kind: match[1] as WalkTarget['kind'], percent: Number(match[2]) };
}

export function parseCommand(args: string[]): Command {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        machine: { type: 'string' },
        to: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        results: { type: 'string' },
        diff: { type: 'string' },
        walk: { type: 'string' },
        seed: { type: 'string' },
        'max-steps': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { kind: 'help' };
  const modes = (['format', 'diff', 'walk'] as const).filter((m) => values[m] !== undefined);
  if (modes.length > 1) throw new UsageError(`--${modes.join(' and --')} cannot be used together`);
  const only = (allowed: string[]) => {
    const extra = ['to', 'out', 'results', 'seed', 'max-steps'].filter((o) => values[o as keyof typeof values] !== undefined && !allowed.includes(o));
    if (extra.length) throw new UsageError(`--${extra[0]} does not go with ${modes.length ? `--${modes[0]}` : 'these options'}`);
  };
  const machine = values.machine;
  if (values.format !== undefined) {
    only(['out', 'results']);
    if (!FORMATS.includes(values.format as Format)) throw new UsageError(`--format needs one of ${FORMATS.join(', ')}, not "${values.format}"`);
    return { kind: 'export', format: values.format as Format, machine, out: values.out ?? DEFAULT_OUT, results: values.results ?? DEFAULT_RESULTS };
  }
  if (values.diff !== undefined) {
    only([]);
    if (!values.diff) throw new UsageError('--diff needs a git ref');
    return { kind: 'diff', ref: values.diff, machine };
  }
  if (values.walk !== undefined) {
    only(['seed', 'max-steps']);
    return { kind: 'walk', target: parseWalkTarget(values.walk), seed: integer('seed', values.seed, 0), machine, maxSteps: integer('max-steps', values['max-steps'], 1) ?? 5_000 };
  }
  only(['to']);
  if (values.to !== undefined && !machine) throw new UsageError('--to needs --machine');
  return machine ? { kind: 'print', machine, ...(values.to !== undefined ? { to: values.to } : {}) } : { kind: 'write' };
}
