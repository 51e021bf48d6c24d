// npm run bench:digest — the digest of every user of the benchmark house (5,000 merchants of
// Harbor Foods Boston; DATABASE_URL or DATA_DIR as bench:dashboard), each computed BENCH_RUNS
// times as the weekly job does (every section, with the user's own flags). Prints each user's
// median and worst; the last line is one JSON object.
import { tokenSigner } from '../server/auth/tokens.ts';
import { readConfig } from '../server/config.ts';
import { makeDeps } from '../server/deps.ts';
import { computeDigest } from '../server/digest/content.ts';
import { DIGEST_SECTIONS } from '../src/model/digest.ts';
import { runBench, type BenchDatabase, pct, round1, timed } from './bench-database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

await runBench(run);

async function run(db: BenchDatabase) {
  const deps = makeDeps(readConfig({}), db.pool, tokenSigner('bench-secret-that-is-long-enough-for-hs256'));
  const { rows: [boston] } = await db.pool.query(`select id from distributors where nickname = 'Harbor Foods Boston'`);
  const { rows: users } = await db.pool.query(
    `select u.id, u.email, u.title from users u
      where u.deactivated_at is null and coalesce(u.active_distributor_id, u.channel_partner_id) = $1 order by u.id`, [boston.id]);
  const now = new Date();
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const results = [];
  for (const u of users) {
    const compute = () => computeDigest(deps, u.id, { now, since, sections: DIGEST_SECTIONS });
    await compute(); // warm plans and caches, as a server that has run a while has them
    const times = await timed(compute, RUNS);
    const r = { email: u.email, title: u.title, medianMs: round1(pct(times, 50)), maxMs: round1(times[times.length - 1]!) };
    console.log(`${r.email.padEnd(32)} ${String(r.title).padEnd(18)} median ${r.medianMs} ms, worst ${r.maxMs} ms`);
    results.push(r);
  }
  const worst = Math.max(...results.map((r) => r.maxMs));
  console.log(JSON.stringify({ bench: 'digest', users: results.length, runs: RUNS, worstMs: worst, results }));
}
