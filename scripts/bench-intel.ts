// npm run bench:intel — POST /api/intel at the size of a large house (issue 11).
// On the benchmark database of bench:dashboard (5,000 merchants of Harbor Foods Boston, 12 months,
// ~20 million lines; seeded on first use in DATA_DIR, default ./data-bench), times batches of 250
// merchants through the real app (app.inject, as the leader, with the line chart's months as the
// client asks) over the last whole month and over 12 months, cycling through the house's 20
// batches. Prints p50/p95 per case; the last line is one JSON object. BENCH_RUNS sets the runs.
import { buildApp } from '../server/app.ts';
import { tokenSigner } from '../server/auth/tokens.ts';
import { readConfig } from '../server/config.ts';
import { makeDeps } from '../server/deps.ts';
import { monthStart } from '../server/repositories/dashboard-range.ts';
import { DEMO_PASSWORD } from '../server/seed/users.ts';
import { INTEL_BATCH_SIZE } from '../src/model/intel.ts';
import { runBench, type BenchDatabase, pct, round1, timed } from './bench-database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DAY = 86_400_000;

await runBench(run);

async function run(db: BenchDatabase) {
  const app = await buildApp(makeDeps(readConfig({}), db.pool, tokenSigner('bench-secret-that-is-long-enough-for-hs256')));
  const auth = async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leader@harbor.test', password: DEMO_PASSWORD } });
    return { authorization: `Bearer ${login.json().authKey as string}` };
  };
  const headers = await auth();
  const { rows: [boston] } = await db.pool.query(`select id from distributors where nickname = 'Harbor Foods Boston'`);
  await app.inject({ method: 'POST', url: `/api/user/active-distributor/${boston.id}`, headers });
  const merchants = (await app.inject({ method: 'GET', url: '/api/merchant', headers })).json() as { id: number; merchant: string }[];
  const batches: { id: number; merchant: string }[][] = [];
  for (let i = 0; i < merchants.length; i += INTEL_BATCH_SIZE) batches.push(merchants.slice(i, i + INTEL_BATCH_SIZE).map(({ id, merchant }) => ({ id, merchant })));
  console.log(`${merchants.length} merchants at Harbor Foods Boston: ${batches.length} batches of at most ${INTEL_BATCH_SIZE}`);

  const today = new Date();
  const lastDay = new Date(Date.parse(`${monthStart(today, 0)}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
  let yearStart = monthStart(today, 12);
  if ((Date.parse(lastDay) - Date.parse(yearStart)) / DAY + 1 > 365) yearStart = new Date(Date.parse(yearStart) + DAY).toISOString().slice(0, 10);
  const cases = [
    { name: '250_1m', label: '250 merchants, 1 month', from: monthStart(today, 1), to: lastDay },
    { name: '250_12m', label: '250 merchants, 12 months', from: yearStart, to: lastDay },
  ];
  const results: Record<string, { p50: number; p95: number; items: number }> = {};
  for (const c of cases) {
    let n = 0;
    let items = 0;
    const call = async () => {
      const payload = { startDate: c.from, endDate: c.to, merchants: batches[n++ % batches.length], monthly: true };
      const res = await app.inject({ method: 'POST', url: '/api/intel', payload, headers });
      if (res.statusCode !== 200) throw new Error(`intel ${res.statusCode}: ${res.body.slice(0, 200)}`);
      items = (res.json() as { data: { items: unknown[] }[] }[]).reduce((a, m) => a + m.data.reduce((b, g) => b + g.items.length, 0), 0);
    };
    for (let i = 0; i < 2; i++) await call(); // warm caches and plans
    const times = await timed(call, RUNS);
    results[c.name] = { p50: pct(times, 50), p95: pct(times, 95), items };
    console.log(`${c.label} (${c.from}..${c.to}): ${items.toLocaleString('en-US')} item rows in the last answer`);
  }
  await app.close();

  console.log('\n| case | p50 ms | p95 ms | target p95 ms |');
  console.log('|---|---:|---:|---:|');
  const targets: Record<string, number> = { '250_1m': 150, '250_12m': 600 };
  for (const c of cases) console.log(`| ${c.label} | ${results[c.name]!.p50.toFixed(1)} | ${results[c.name]!.p95.toFixed(1)} | ${targets[c.name]} |`);
  console.log(JSON.stringify({ p95_ms_250_1m: round1(results['250_1m']!.p95), p95_ms_250_12m: round1(results['250_12m']!.p95) }));
}
