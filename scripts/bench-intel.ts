// npm run bench:intel — POST /api/intel at the size of a large house.
// On the benchmark database of bench:dashboard (5,000 merchants of Harbor Foods Boston, 12 months,
// ~20 million lines; seeded on first use in DATA_DIR, default ./data-bench), times batches of 250
// merchants through the real app (app.inject, as the leader) as the client sends them — without
// items, with the line chart's months — over the last whole month and over 12 months, cycling
// through the house's 20 batches; then one merchant with its items (a detail page) and, for
// comparison, a batch with every item. Prints p50/p95 per case; the last line is one JSON object
// (the two keys first). BENCH_RUNS sets the runs.
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

interface Case { name: string; label: string; from: string; to: string; batch: number; items: boolean; monthly: boolean; runs: number; target: number | null }

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
  const year = { from: yearStart, to: lastDay };
  const month = { from: monthStart(today, 1), to: lastDay };
  // What the client sends: list batches without items or months; the same batches with the 12
  // months once the line chart is opened; one merchant with its items when a detail page opens.
  // The spec's full answer (every item of 250 merchants) is timed too, with fewer runs, to show
  // why the list does not ask for it. The server caches answers: the runs cycle through the
  // house's batches, so nearly every call is computed (the two warm-up batches come round once).
  const cases: Case[] = [
    { name: '250_1m', label: 'list batch of 250, 1 month', ...month, batch: 250, items: false, monthly: false, runs: RUNS, target: 150 },
    { name: '250_12m', label: 'list batch of 250, 12 months', ...year, batch: 250, items: false, monthly: false, runs: RUNS, target: 600 },
    { name: 'linechart_12m', label: 'line chart batch of 250 (with its months), 12 months', ...year, batch: 250, items: false, monthly: true, runs: RUNS, target: 600 },
    { name: 'detail_12m', label: 'detail page: 1 merchant with items, 12 months', ...year, batch: 1, items: true, monthly: false, runs: RUNS, target: null },
    { name: '250_1m_items', label: 'batch of 250 with every item, 1 month', ...month, batch: 250, items: true, monthly: false, runs: Math.min(RUNS, 5), target: null },
  ];
  const results: Record<string, { p50: number; p95: number; items: number; kb: number }> = {};
  for (const c of cases) {
    let n = 0;
    let items = 0;
    let kb = 0;
    const call = async () => {
      const merchants = batches[n++ % batches.length]!.slice(0, c.batch);
      const payload = { startDate: c.from, endDate: c.to, merchants, monthly: c.monthly, items: c.items };
      const res = await app.inject({ method: 'POST', url: '/api/intel', payload, headers });
      if (res.statusCode !== 200) throw new Error(`intel ${res.statusCode}: ${res.body.slice(0, 200)}`);
      items = (res.json() as { data: { items: unknown[] }[] }[]).reduce((a, m) => a + m.data.reduce((b, g) => b + g.items.length, 0), 0);
      kb = res.rawPayload.length / 1024;
    };
    for (let i = 0; i < 2; i++) await call(); // warm caches and plans
    const times = await timed(call, c.runs);
    results[c.name] = { p50: pct(times, 50), p95: pct(times, 95), items, kb };
    console.log(`${c.label} (${c.from}..${c.to}): ${items.toLocaleString('en-US')} item rows, ${Math.round(kb).toLocaleString('en-US')} KB in the last answer`);
  }
  await app.close();

  console.log('\n| case | p50 ms | p95 ms | answer KB | target p95 ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const c of cases) {
    const r = results[c.name]!;
    console.log(`| ${c.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${Math.round(r.kb).toLocaleString('en-US')} | ${c.target ?? '—'} |`);
  }
  console.log(JSON.stringify(Object.fromEntries(cases.map((c) => [`p95_ms_${c.name}`, round1(results[c.name]!.p95)]))));
}
