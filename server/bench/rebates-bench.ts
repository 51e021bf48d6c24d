// tsx server/bench/rebates-bench.ts [--runs N]
// Times the rebate list queries (the repository's real SQL) on the database the server would
// use (DATABASE_URL, else the embedded one under DATA_DIR), which must already be seeded.
// Prints median and p95 per case; not a test, so no threshold fails it.
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { rebatesRepository, type RebateListRequest } from '../repositories/rebates.ts';
import { DEFAULT_CRITERIA } from '../../src/model/rebates.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const runs = Math.max(1, Number(values.runs) || 50);
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || './data' });
try {
  await migrate(db.pool);
  const repo = rebatesRepository(db.pool);
  const boston = (await db.pool.query(`select id from distributors where nickname = 'Harbor Foods Boston'`)).rows[0]?.id ?? null;
  const manufacturers = (await repo.filters()).manufacturers.slice(0, 3).map((m) => m.id);
  const all = (criteria: Partial<typeof DEFAULT_CRITERIA>, page: number | null = 1, carriedOnly = false): RebateListRequest => ({
    distributorId: boston,
    carriedOnly,
    criteria: { ...DEFAULT_CRITERIA, ...criteria },
    page,
  });
  const cases: [string, RebateListRequest][] = [
    ['all rebates, page 1, manufacturer asc', all({})],
    ['all rebates, page 30, rebate value desc', all({ sort: 'rebateValue', order: 'desc' }, 30)],
    ['all rebates, search "chick"', all({ search: 'chick' })],
    ['all rebates, search MIN fragment "0004"', all({ search: '0004' })],
    ['all rebates, 3 manufacturers + search', all({ manufacturers, search: 'a' })],
    ['your rebates, page 1', all({}, 1, true)],
    ['your rebates, every row', all({}, null, true)],
  ];
  console.log(`rebate list timings over ${runs} runs (ms)`);
  for (const [name, request] of cases) {
    await repo.list(request); // warm the cache and the plan
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      rows = (await repo.list(request)).rows.length;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${name.padEnd(45)} median ${at(0.5).padStart(6)}  p95 ${at(0.95).padStart(6)}  rows ${rows}`);
  }
} finally {
  await db.close();
}
process.exit(0);
