// npm run bench:checks — payment information at the size of a large house.
// On the benchmark database (5,000 merchants of Harbor Foods Boston; DATABASE_URL or DATA_DIR as
// bench:dashboard), as the leader through the real app: the quarter's list (POST
// /api/rebate-checks/checks, every merchant) BENCH_RUNS times, then one bulk export ZIP of 500
// merchants' vouchers and check details over real HTTP, read as a stream while the server's
// resident memory is sampled. The last line is one JSON object.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { tokenSigner } from '../server/auth/tokens.ts';
import { readConfig } from '../server/config.ts';
import { makeDeps } from '../server/deps.ts';
import { DEMO_PASSWORD } from '../server/seed/users.ts';
import { payPeriods, type CheckSummary } from '../src/model/payments.ts';
import { runBench, type BenchDatabase, pct, round1, timed } from './bench-database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BULK = 500;
const MB = 1024 * 1024;

await runBench(run);

async function run(db: BenchDatabase) {
  const app = await buildApp(makeDeps(readConfig({}), db.pool, tokenSigner('bench-secret-that-is-long-enough-for-hs256')));
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leader@harbor.test', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${login.json().authKey as string}` };
  const { rows: [boston] } = await db.pool.query(`select id from distributors where nickname = 'Harbor Foods Boston'`);
  await app.inject({ method: 'POST', url: `/api/user/active-distributor/${boston.id}`, headers });
  const timeframe = payPeriods(new Date())[0]!.value;

  // The list: every merchant of the house, as the page asks.
  // Timed to the server's whole answer; the answer is parsed once afterwards (the client's work).
  let body = '';
  const list = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/rebate-checks/checks', payload: { timeframe, distributorId: boston.id, merchantIds: [] }, headers });
    if (res.statusCode !== 200) throw new Error(`checks ${res.statusCode}: ${res.body.slice(0, 200)}`);
    body = res.body;
  };
  for (let i = 0; i < 3; i++) await list(); // warm caches and plans
  const times = await timed(list, RUNS);
  const checks = JSON.parse(body) as CheckSummary[];
  console.log(`List of ${timeframe}: ${checks.length.toLocaleString('en-US')} paid checks, ${RUNS} runs: p50 ${round1(pct(times, 50))} ms, p95 ${round1(pct(times, 95))} ms`);

  // The bulk export over real HTTP, read as it streams; the server's RSS sampled every 20 ms.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const merchantIds = checks.slice(0, BULK).map((c) => c.merchantid);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const res = await fetch(`${address}/api/rebate-checks/bulk-export`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ timeframe, distributorId: boston.id, merchantIds, getVouchers: true, getCheckDetails: true }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`bulk export ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  const growth = (rssPeak - rssBefore) / MB;
  console.log(`Bulk export of ${merchantIds.length} merchants (vouchers and details, ${merchantIds.length * 2} PDFs): ${(bytes / MB).toFixed(1)} MB ZIP in ${seconds.toFixed(2)} s, RSS ${(rssBefore / MB).toFixed(0)} → peak ${(rssPeak / MB).toFixed(0)} MB`);
  await app.close();

  console.log('\n| case | figure | target |');
  console.log('|---|---:|---:|');
  console.log(`| quarter's list, ${checks.length} checks, p95 | ${round1(pct(times, 95))} ms | ≤ 150 ms |`);
  console.log(`| bulk export ZIP, ${BULK} vouchers + details | ${seconds.toFixed(2)} s | ≤ 10 s |`);
  console.log(`| server RSS growth during it | ${growth.toFixed(0)} MB | ≤ 150 MB |`);
  console.log(JSON.stringify({ p95_ms_checks: round1(pct(times, 95)), s_bulk_500: Math.round(seconds * 100) / 100, rss_growth_mb: Math.round(growth) }));
}
