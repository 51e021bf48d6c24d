// npm run bench:dashboard — the dashboard at the size of a large house.
// Generates (or reuses) 5,000 merchants of Harbor Foods Boston over 12 months, ~20 million
// purchase lines, in DATA_DIR (default ./data-bench; DATABASE_URL for another server), then times
// POST /api/dashboard through the real app (app.inject, as the leader) against the same numbers
// computed by plain SQL over purchase_lines. Prints p50/p95 per case and the speed-up; the last
// line is one JSON object. BENCH_RUNS / BENCH_RAW_RUNS set the number of timed runs.
import { buildApp } from '../server/app.ts';
import { tokenSigner } from '../server/auth/tokens.ts';
import { readConfig } from '../server/config.ts';
import { makeDeps } from '../server/deps.ts';
import { monthStart } from '../server/repositories/dashboard-range.ts';
import { rawDashboardRepository } from '../server/repositories/raw-dashboard.ts';
import { DEMO_PASSWORD } from '../server/seed/users.ts';
import type { Selection } from '../server/scope/visible-merchants.ts';
import { runBench, type BenchDatabase, pct, round1, timed } from './bench-database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const RAW_RUNS = Number(process.env.BENCH_RAW_RUNS ?? 5);
const DAY = 86_400_000;

await runBench(run);

async function run(db: BenchDatabase) {
  const { rows: [facts] } = await db.pool.query(
    `select (select count(*) from purchase_lines) as lines,
            (select id from distributors where nickname = 'Harbor Foods Boston') as boston,
            (select count(*) from merchant_accounts a join distributors d on d.id = a.distributor_id
              where d.nickname = 'Harbor Foods Boston') as merchants,
            (select min(merchant_id) from merchant_accounts a join distributors d on d.id = a.distributor_id
              where d.nickname = 'Harbor Foods Boston') as one_merchant`);
  console.log(`Data: ${facts.lines.toLocaleString('en-US')} purchase lines; ${facts.merchants} merchants at Harbor Foods Boston`);

  const config = readConfig({});
  const app = await buildApp(makeDeps(config, db.pool, tokenSigner('bench-secret-that-is-long-enough-for-hs256')));
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leader@harbor.test', password: DEMO_PASSWORD } });
  const token = login.json().authKey as string;
  // The leader acts for Boston, whose merchants these are.
  await app.inject({ method: 'POST', url: `/api/user/active-distributor/${facts.boston}`, headers: { authorization: `Bearer ${token}` } });
  const family = (await db.pool.query(
    `select f.id from distributors d join distributors f on coalesce(f.parent_id, f.id) = coalesce(d.parent_id, d.id) where d.id = $1`,
    [facts.boston])).rows.map((r) => r.id as number);
  const raw = rawDashboardRepository(db.pool);

  const today = new Date();
  const lastDay = new Date(Date.parse(`${monthStart(today, 0)}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
  let yearStart = monthStart(today, 12);
  if ((Date.parse(lastDay) - Date.parse(yearStart)) / DAY + 1 > 365) yearStart = new Date(Date.parse(yearStart) + DAY).toISOString().slice(0, 10);
  const cases = [
    { name: '12m_all', label: 'All locations, 12 months', from: yearStart, to: lastDay, merchants: [] as number[] },
    { name: '1m_all', label: 'All locations, 1 month', from: monthStart(today, 1), to: lastDay, merchants: [] },
    { name: '12m_one', label: 'One location, 12 months', from: yearStart, to: lastDay, merchants: [facts.one_merchant as number] },
  ];

  const results: Record<string, { p50: number; p95: number; rawP50: number; rawP95: number }> = {};
  for (const c of cases) {
    const payload = { startDate: c.from, endDate: c.to, showRebates: 1, showDeviations: 0, merchants: c.merchants };
    const call = async () => {
      const res = await app.inject({ method: 'POST', url: '/api/dashboard', payload, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`dashboard ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    const selection: Selection = { distributorId: facts.boston, familyIds: family, all: c.merchants.length === 0, merchantIds: c.merchants };
    const rawCall = () => Promise.all([
      raw.bySellerMonth(selection, c.from, c.to), raw.lost(selection, c.from, c.to), raw.byMerchant(selection, c.from, c.to),
    ]);
    for (let i = 0; i < 3; i++) await call(); // warm caches and plans
    const fast = await timed(call, RUNS);
    const slow = await timed(rawCall, RAW_RUNS);
    const body = await call();
    results[c.name] = { p50: pct(fast, 50), p95: pct(fast, 95), rawP50: pct(slow, 50), rawP95: pct(slow, 95) };
    console.log(`${c.label} (${c.from}..${c.to}): totalVolume ${body.totalVolume.toLocaleString('en-US')}`);
  }
  await app.close();

  console.log('\n| case | dashboard p50 ms | dashboard p95 ms | raw SQL p50 ms | raw SQL p95 ms | speed-up (p95) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const c of cases) {
    const r = results[c.name]!;
    console.log(`| ${c.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.rawP50.toFixed(0)} | ${r.rawP95.toFixed(0)} | ${(r.rawP95 / r.p95).toFixed(0)}× |`);
  }
  const all = results['12m_all']!;
  console.log(JSON.stringify({
    p95_ms_12m_all: round1(all.p95), p95_ms_raw_12m_all: round1(all.rawP95), speedup_12m_all: round1(all.rawP95 / all.p95),
  }));
}
