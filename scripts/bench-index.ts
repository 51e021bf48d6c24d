// npm run bench:index [-- --data ../data-bench] [--families 1,4] — what the in-memory dashboard index of one data
// version holds (issue 41's "bytes of index per purchase line"), measured inside one process rather
// than as a difference of two servers' RSS: the typed arrays (ArrayBuffers) and the JavaScript heap
// it adds once built and collected, per purchase line and per rollup row, and how long it took.
// --families: only those families' figures, as a cluster node of INDEX_FAMILIES holds them.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadDashboardIndex } from '../server/dashboard/dashboard-index-load.ts';
import { openDatabase } from '../server/db/database.ts';

const { values: args } = parseArgs({ options: { data: { type: 'string', default: '../data-bench' }, families: { type: 'string' } } });
const families = args.families ? args.families.split(',').map(Number) : null;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (npm run bench:index does)');

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: path.resolve(args.data) });
try {
  const count = async (sql: string) => Number((await db.pool.query<{ n: string }>(sql)).rows[0]!.n);
  const lines = await count('select count(*) as n from purchase_lines');
  const rollups = Object.fromEntries(await Promise.all(['rollup_merchant_lost_day', 'rollup_merchant_day', 'rollup_account_day']
    .map(async (table) => [table, await count(`select count(*) as n from ${table}`)] as const)));
  gc();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const index = await loadDashboardIndex(db.pool, families);
  const seconds = (performance.now() - t0) / 1000;
  gc();
  const after = process.memoryUsage();
  const [arrays, heap] = [after.arrayBuffers - before.arrayBuffers, after.heapUsed - before.heapUsed];
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  console.log(`${(lines / 1e6).toFixed(1)} M purchase lines; rollup rows: ${Object.entries(rollups).map(([t, n]) => `${t} ${n.toLocaleString('en')}`).join(', ')}`);
  console.log(`families: ${families?.join(', ') ?? 'all'}; houses indexed: ${index.houses.size}, volumes: ${index.volumes ? 'yes' : 'no'}, sellers: ${index.sellers ? 'yes' : 'no'}; built in ${seconds.toFixed(1)} s`);
  console.log(`typed arrays ${mb(arrays)}, heap ${mb(heap)}: ${((arrays + heap) / lines).toFixed(1)} bytes per purchase line (${(arrays / lines).toFixed(1)} in typed arrays)`);
  console.log(JSON.stringify({ families, lines, rollups, seconds, arrayBytes: arrays, heapBytes: heap, bytesPerLine: (arrays + heap) / lines }));
} finally {
  await db.close();
}
process.exit(0);
