// npm run bench:index-answers [-- --data ../data-bench] [--rounds 3] — whether the dashboard index
// answers as fast from the file every API process maps (shared-index.ts) as from ordinary memory.
// Builds the index once and writes its file, then alternates two kinds of process, each its own:
// one maps the file, the other copies every array out of it into memory of its own (the layout
// of an index built in that process). Each times the same seeded-random requests — a subset of
// merchants or the whole house, over a range of 30 to 90 days — through the lost figures, the
// volume per merchant and the volume per seller and month, as the dashboard asks them, and prints
// milliseconds per 1,000: as a new process meets the arrays, and with every page read first (a
// mapping's page is mapped into the process at its first read: a fault each, paid once).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDashboardIndexState, dashboardIndexOf, type DashboardIndexState } from '../server/dashboard/dashboard-index-load.ts';
import { readIndexFile, writeIndexFile } from '../server/dashboard/index-file.ts';
import { openDatabase } from '../server/db/database.ts';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: '../data-bench' }, rounds: { type: 'string', default: '3' },
    child: { type: 'string' }, file: { type: 'string' }, touched: { type: 'boolean', default: false },
  },
});
const REQUESTS = 2000;
const WARM_UP = 300;
const KINDS = ['lost', 'byMerchant', 'bySellerMonth'] as const;
type Timing = Record<(typeof KINDS)[number], number>;
type Kind = 'mapped' | 'copied';

/** Every typed array copied into a buffer of its own; everything else as it is. */
const copied = (value: unknown): unknown => {
  if (ArrayBuffer.isView(value)) return (value as Uint8Array).slice();
  if (Array.isArray(value)) return value.map(copied);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copied(inner)]));
  return value;
};

/**
 * Reads one value of every page of every typed array: a mapping's pages are mapped into the
 * process at their first read, one fault each, which a long-running server pays once.
 */
const touchEveryPage = (value: unknown): number => {
  if (ArrayBuffer.isView(value)) {
    const array = value as Uint8Array;
    let sum = 0;
    for (let i = 0; i < array.length; i += 4096 / array.BYTES_PER_ELEMENT) sum += array[i]!;
    return sum;
  }
  if (value && typeof value === 'object') return Object.values(value).reduce((sum: number, inner) => sum + touchEveryPage(inner), 0);
  return 0;
};

/** Milliseconds per 1,000 requests of each kind, on the file's index mapped or copied (every page read first if `touched`). */
function timeAnswers(file: string, kind: Kind, touched: boolean): Timing {
  const mapped = readIndexFile<DashboardIndexState>(file);
  const state = kind === 'mapped' ? mapped : (copied(mapped) as DashboardIndexState);
  if (touched) touchEveryPage(state);
  const index = dashboardIndexOf(state);
  const [house, lost] = [...index.houses][0] ?? [];
  if (!lost || !index.volumes || !index.sellers) throw new Error('the index holds no house with lost figures, volumes and sellers: seed a benchmark database');
  const all = index.directory.houseMerchants.get(house!)!;
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  // Ranges inside the indexed days (the seed's months end on the day it ran).
  const { firstDay, days } = mapped.volumes!;
  const day = (n: number) => new Date((firstDay + n) * 86_400_000).toISOString().slice(0, 10);
  const spent: Timing = { lost: 0, byMerchant: 0, bySellerMonth: 0 };
  const ask = () => {
    const size = random() < 0.2 ? 0 : 1 + Math.floor(random() * 60);
    const ids = Array.from({ length: size }, () => all[Math.floor(random() * all.length)]!);
    const start = Math.floor(random() * Math.max(1, days - 90));
    const [from, to] = [day(start), day(start + 30 + Math.floor(random() * 60))];
    const t0 = performance.now();
    lost.lost(size ? ids : 'all', from, to);
    const t1 = performance.now();
    index.volumes!.byMerchant(size ? ids : all, from, to);
    const t2 = performance.now();
    // As the dashboard asks (compute.ts): the whole house from its own rollup when it has one.
    if (size) index.sellers!.bySellerMonth(ids, from, to);
    else index.sellers!.houseBySellerMonth(house!, from, to) ?? index.sellers!.bySellerMonth(all, from, to);
    const t3 = performance.now();
    return { lost: t1 - t0, byMerchant: t2 - t1, bySellerMonth: t3 - t2 };
  };
  for (let i = 0; i < WARM_UP; i++) ask();
  seed = 2;
  for (let i = 0; i < REQUESTS; i++) {
    const took = ask();
    for (const k of KINDS) spent[k] += took[k];
  }
  return Object.fromEntries(KINDS.map((k) => [k, (spent[k] * 1000) / REQUESTS])) as Timing;
}

if (args.child) {
  console.log(JSON.stringify(timeAnswers(args.file!, args.child as Kind, args.touched)));
  process.exit(0);
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-index-answers-'));
try {
  const file = path.join(folder, 'dashboard.idx');
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: path.resolve(args.data) });
  try {
    console.log('building the index…');
    writeIndexFile(file, await buildDashboardIndexState(db.pool));
  } finally {
    await db.close();
  }
  // Each kind as a new process meets it, then with every page read first (a server's steady state).
  const variants = [['mapped', false], ['copied', false], ['mapped', true], ['copied', true]] as const;
  const runs = variants.map(() => [] as Timing[]);
  for (let round = 0; round < Number(args.rounds); round++) {
    variants.forEach(([kind, touched], v) => {
      const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', kind, '--file', file, ...(touched ? ['--touched'] : [])], { encoding: 'utf8' });
      runs[v]!.push(JSON.parse(out.trim().split('\n').at(-1)!) as Timing);
    });
  }
  console.log(`ms per 1,000 requests, ${args.rounds} processes of each kind alternated (each value one process):`);
  variants.forEach(([kind, touched], v) => {
    const name = `${kind}${touched ? ', pages read first' : ''}`.padEnd(26);
    console.log(`${name}${KINDS.map((k) => `${k} ${runs[v]!.map((t) => t[k].toFixed(0)).join(' / ')}`).join(';  ')}`);
  });
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
