// npm run bench:insights — competitive insights at the size of a large house.
// On the benchmark database of bench:dashboard (5,000 merchants of Harbor Foods Boston, 12 months,
// ~20 million lines; DATABASE_URL or DATA_DIR, default ./data-bench), through the real app
// (app.inject, as the leader): the merchants table of the whole house over the last whole month,
// one merchant's month of order history (cycling through the house's merchants), and the
// house-wide win-back list over that month. Prints p50/p95 per case; the last line is one JSON
// object. BENCH_RUNS sets the runs (default 20).
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { tokenSigner } from '../server/auth/tokens.ts';
import { readConfig } from '../server/config.ts';
import { makeDeps } from '../server/deps.ts';
import { monthStart } from '../server/repositories/dashboard-range.ts';
import { refreshInsightsRollupsIfEmpty } from '../server/rollups/insights-rollups.ts';
import { DEMO_PASSWORD } from '../server/seed/users.ts';
import { runBench, type BenchDatabase, pct, round1, timed } from './bench-database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DAY = 86_400_000;

await runBench(run);

async function run(db: BenchDatabase) {
  // A database built before migration 020 lacks the house-wide lost-item rollups: build them once.
  const t0 = performance.now();
  if (await refreshInsightsRollupsIfEmpty(db.pool)) console.log(`Built the insights rollups in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const app = await buildApp(makeDeps(readConfig({}), db.pool, tokenSigner('bench-secret-that-is-long-enough-for-hs256')));
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leader@harbor.test', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${login.json().authKey as string}` };
  const { rows: [boston] } = await db.pool.query(`select id from distributors where nickname = 'Harbor Foods Boston'`);
  await app.inject({ method: 'POST', url: `/api/user/active-distributor/${boston.id}`, headers });
  const merchants = (await app.inject({ method: 'GET', url: '/api/merchant', headers })).json() as { id: number; merchant: string }[];
  const today = new Date();
  const month = { startDate: monthStart(today, 1), endDate: new Date(Date.parse(`${monthStart(today, 0)}T00:00:00Z`) - DAY).toISOString().slice(0, 10) };
  console.log(`${merchants.length} merchants at Harbor Foods Boston; month ${month.startDate}..${month.endDate}`);

  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, payload, headers });
    if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return res.json();
  };
  let n = 0;
  const cases = [
    { name: 'merchants', label: 'merchants table, whole house, 1 month', target: 200, call: () => post('/api/competitive/merchants', month) },
    {
      name: 'order_month', label: 'order history, one merchant, 1 month', target: 100,
      call: () => post('/api/competitive/order-history', { ...month, showLineItems: true, merchants: [merchants[(n++ * 97) % merchants.length]!] }),
    },
    { name: 'winback_house', label: 'win-back list, whole house, 1 month', target: 1000, call: () => post('/api/competitive/win-back', month) },
  ];
  const results: Record<string, { p50: number; p95: number }> = {};
  for (const c of cases) {
    for (let i = 0; i < 2; i++) await c.call(); // warm caches and plans
    const answer = await c.call();
    const times = await timed(c.call, RUNS);
    results[c.name] = { p50: pct(times, 50), p95: pct(times, 95) };
    const size = Array.isArray(answer) ? `${answer.length} rows` : `${(answer as { rows: unknown[] }).rows.length} rows`;
    console.log(`${c.label}: ${size} in the last answer`);
  }
  await app.close();

  console.log('\n| case | p50 ms | p95 ms | target p95 ms |');
  console.log('|---|---:|---:|---:|');
  for (const c of cases) console.log(`| ${c.label} | ${results[c.name]!.p50.toFixed(1)} | ${results[c.name]!.p95.toFixed(1)} | ${c.target} |`);
  console.log(JSON.stringify({
    p95_ms_merchants: round1(results.merchants!.p95),
    p95_ms_order_month: round1(results.order_month!.p95),
    p95_ms_winback_house: round1(results.winback_house!.p95),
  }));
}
