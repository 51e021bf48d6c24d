// npm run bench:scale [-- --sizes 2m,20m,100m] [--seed-only] — the cost curve of issue 41: for each size, a
// benchmark database (one house of many merchants, built once and kept outside the repo in
// ../data-scale-<size>, or ../data-bench for 20m) and, on the compiled server started on it:
// seed time, database size, start to first answer and to built indexes, RSS per API process after
// the varied mix (and PSS: the index file's shared pages split between them), index bytes per purchase line (the index files' size),
// the varied mix's requests/s and p97.5 at 200 connections, and each request kind's p95 alone.
// Prints a Markdown table and writes the plot docs/scale-curve.svg. A size whose database would not
// fit on the disk is skipped, and said so.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { isSeeded, seed, type SeedOptions } from '../server/seed/seed.ts';
import { startPortal } from './portal-server.ts';
import { scaleCurveSvg } from './scale-curve.ts';

/** What each size seeds: one house (boston) of `merchants` over 12 months, 4× the demo's lines per order. */
const SIZES: Record<string, { dataDir: string; seed: SeedOptions }> = {
  '2m': { dataDir: '../data-scale-2m', seed: { merchants: 500, months: 12, house: 'boston', linesScale: 4 } },
  '20m': { dataDir: '../data-bench', seed: { merchants: 5000, months: 12, house: 'boston', linesScale: 4 } },
  '60m': { dataDir: '../data-scale-60m', seed: { merchants: 15000, months: 12, house: 'boston', linesScale: 4 } },
  '100m': { dataDir: '../data-scale-100m', seed: { merchants: 25000, months: 12, house: 'boston', linesScale: 4 } },
};
/** Bytes on disk per purchase line, rollups and indexes included (20.3 M lines: about 410). */
const BYTES_PER_LINE = 410;
const LINES_PER_MERCHANT = 4070;
const PORT = 5393;

const { values: args } = parseArgs({ options: { sizes: { type: 'string', default: '20m,100m' }, 'seed-only': { type: 'boolean', default: false } } });
const sizes = args.sizes.split(',');
for (const size of sizes) if (!SIZES[size]) throw new Error(`--sizes takes ${Object.keys(SIZES).join(', ')}`);

type Row = {
  size: string; lines: number; seedS: number | null; dbGb: number; firstAnswerS: number; indexesS: number; rssMb: number[]; pssMb: number[]; restartIndexesS: number;
  indexBytesPerLine: number; rps: number; p97_5: number; errors: number; aloneP95: Record<string, number>;
};

/** The size's database, built if missing (its seed time kept beside it); its line count and size on disk. */
async function prepare(size: string): Promise<{ dataDir: string; lines: number; seedS: number | null; dbGb: number } | null> {
  const { dataDir: relative, seed: opts } = SIZES[size]!;
  const dataDir = path.resolve(relative);
  const timeFile = path.join(dataDir, 'seed-seconds.txt');
  if (!fs.existsSync(path.join(dataDir, 'pg'))) {
    const need = opts.merchants * LINES_PER_MERCHANT * BYTES_PER_LINE * 1.2;
    const free = fs.statfsSync(path.dirname(dataDir)).bavail * fs.statfsSync(path.dirname(dataDir)).bsize;
    if (need > free) {
      console.log(`${size}: skipped, it needs about ${(need / 1e9).toFixed(0)} GB and the disk has ${(free / 1e9).toFixed(0)} GB free`);
      return null;
    }
  }
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db.pool);
    if (!(await isSeeded(db.pool))) {
      console.log(`${size}: seeding ${opts.merchants} merchants (this takes a while; kept in ${dataDir})…`);
      const summary = await seed(db.pool, opts);
      fs.writeFileSync(timeFile, String(Math.round(summary.ms / 1000)));
    }
    const { rows } = await db.pool.query<{ lines: string; bytes: string }>('select (select count(*) from purchase_lines) as lines, pg_database_size(current_database()) as bytes');
    const seedS = fs.existsSync(timeFile) ? Number(fs.readFileSync(timeFile, 'utf8')) : null;
    return { dataDir, lines: Number(rows[0]!.lines), seedS, dbGb: Number(rows[0]!.bytes) / 1e9 };
  } finally {
    await db.close();
  }
}

/**
 * RSS and PSS (MB) of the server's API processes (the children of the primary that run main.js).
 * RSS counts every page a process maps, the index file's shared pages in each; PSS splits a shared
 * page between the processes mapping it, so their PSS adds up to what the machine holds for them.
 */
function apiMemory(primary: number): { rss: number[]; pss: number[] } {
  const pids = execSync(`ps -o pid=,args= --ppid ${primary}`).toString().trim().split('\n')
    .filter((line) => /server\/main\.js/.test(line)).map((line) => Number(line.trim().split(/\s+/)[0]));
  const field = (pid: number, name: string) => Math.round(Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))![1]) / 1024);
  return { rss: pids.map((pid) => field(pid, 'Rss')), pss: pids.map((pid) => field(pid, 'Pss')) };
}

/** Bytes of the index files the server wrote (its API processes map them: one copy for the machine). */
const indexFileBytes = (dataDir: string) => {
  const dir = path.join(dataDir, 'index');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.idx')).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0) : 0;
};

/** bench-load against the running server; its last line is its JSON summary. */
function load(base: string, extra: string[]): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-load.ts', '--mix', 'varied', ...extra], {
    env: { ...process.env, LOAD_URL: base }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

async function measure(size: string): Promise<Row | null> {
  const db = await prepare(size);
  if (!db) return null;
  // The index files of an earlier run would be mapped, not built: the start is measured building them.
  fs.rmSync(path.join(db.dataDir, 'index'), { recursive: true, force: true });
  const portal = await startPortal({ port: PORT, dataDir: db.dataDir });
  let measured: Omit<Row, 'restartIndexesS'>;
  try {
    const varied = load(portal.base, []);
    const { rss: rssMb, pss: pssMb } = apiMemory(portal.pid);
    const alone = load(portal.base, ['--alone']).alone as Record<string, { p95: number }>;
    measured = {
      size, lines: db.lines, seedS: db.seedS, dbGb: db.dbGb, firstAnswerS: portal.firstAnswerS, indexesS: portal.indexesS, rssMb, pssMb,
      indexBytesPerLine: indexFileBytes(db.dataDir) / db.lines,
      rps: varied.rps as number, p97_5: varied.p97_5_ms as number, errors: varied.errors as number,
      aloneP95: Object.fromEntries(Object.entries(alone).map(([kind, v]) => [kind, v.p95])),
    };
  } finally {
    await portal.stop();
  }
  // A restart on the same data maps the files the first start wrote.
  const restart = await startPortal({ port: PORT, dataDir: db.dataDir });
  await restart.stop();
  return { ...measured, restartIndexesS: restart.indexesS };
}

// --seed-only builds the sizes' databases and stops: the measurement can then run alone on the machine.
if (args['seed-only']) {
  for (const size of sizes) {
    const db = await prepare(size);
    if (db) console.log(`${size}: ${db.lines.toLocaleString('en-US')} lines, ${db.dbGb.toFixed(1)} GB, seeded in ${db.seedS ?? '?'} s`);
  }
  process.exit(0);
}
const rows: Row[] = [];
for (const size of sizes) {
  const row = await measure(size);
  if (row) rows.push(row);
}
const f1 = (n: number) => n.toFixed(1);
console.log('\n| Lines | Seed | Database | First answer | Indexes built (on a restart) | RSS per API process after the mix | PSS (their sum) | Index file bytes per line | Varied mix (200 connections) | Slowest kind alone (p95) |');
console.log('|---:|---:|---:|---:|---:|---|---|---:|---|---|');
for (const r of rows) {
  const slowest = Object.entries(r.aloneP95).sort((a, b) => b[1] - a[1])[0];
  console.log(`| ${(r.lines / 1e6).toFixed(1)} M | ${r.seedS === null ? '—' : `${r.seedS} s`} | ${f1(r.dbGb)} GB | ${f1(r.firstAnswerS)} s | ${f1(r.indexesS)} s (${f1(r.restartIndexesS)} s) | ${r.rssMb.join(', ')} MB | ${r.pssMb.join(', ')} MB (${r.pssMb.reduce((a, b) => a + b, 0)} MB) | ${r.indexBytesPerLine.toFixed(1)} | ${r.rps} req/s, p97.5 ${r.p97_5} ms, ${r.errors} errors | ${slowest ? `${slowest[0]} ${slowest[1]} ms` : '—'} |`);
}
for (const r of rows) console.log(`${(r.lines / 1e6).toFixed(1)} M, p95 alone per kind (ms): ${Object.entries(r.aloneP95).map(([k, v]) => `${k} ${v}`).join(', ')}`);
if (rows.length > 0) {
  fs.writeFileSync('docs/scale-curve.svg', scaleCurveSvg(rows.map((r) => ({ lines: r.lines, rssMb: Math.max(...r.rssMb), p97_5: r.p97_5 }))));
  console.log('Plot: docs/scale-curve.svg');
}
console.log(JSON.stringify(rows));
process.exit(0);
