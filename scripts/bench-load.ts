// npm run bench:load — many users at once on the real server (HTTP over loopback, the built app on
// DATA_DIR, default ./data-bench: run `npm run bench:dashboard` once to build it). Logs in as the
// demo users, then autocannon sends one of two mixes:
//   --mix fixed (default): each connection plays one user's Monday-morning round over and over
//     (scripts/load/fixed-mix.ts); after the first seconds nearly every answer is cached.
//   --mix varied: every request drawn at random, user, kind and values (scripts/load/varied-mix.ts).
//   --only KIND: only that kind of the varied mix; --alone: each kind of the varied mix alone on
//     one connection for LOAD_ALONE_SECONDS (5), its p50/p95 (what one user waits).
// LOAD_CONNECTIONS (200) for LOAD_SECONDS (30) on LOAD_PORT (5392), after LOAD_WARMUP_SECONDS (5) of
// the same mix, not counted (a server that has just started compiles its hot code meanwhile); LOAD_NO_INTEL=1 leaves the
// Intel batch out; DATABASE_URL runs the server on another PostgreSQL; ANSWER_CACHE=off runs it
// without its answer caches; LOAD_URL measures a server already running instead. Prints requests/s, latencies, errors, the answer-cache hit rate
// (from each answer's X-Answer-Cache header) and per-kind latencies; last line: one JSON object.
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startPortal } from './portal-server.ts';
import { fixedRound } from './load/fixed-mix.ts';
import { LOAD_USERS, logIn, type LoadUser } from './load/users.ts';
import { VARIED_KINDS, variedRequest, type VariedKind } from './load/varied-mix.ts';

const { values: args } = parseArgs({
  options: { mix: { type: 'string', default: 'fixed' }, only: { type: 'string' }, alone: { type: 'boolean', default: false } },
});
if (args.mix !== 'fixed' && args.mix !== 'varied') throw new Error('--mix is fixed or varied');
if (args.only !== undefined && !(VARIED_KINDS as readonly string[]).includes(args.only)) throw new Error(`--only is one of ${VARIED_KINDS.join(', ')}`);
const only = (args.only ?? null) as VariedKind | null;
const mix = args.alone || only ? 'varied' : args.mix;

const PORT = Number(process.env.LOAD_PORT ?? 5392);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const ALONE_SECONDS = Number(process.env.LOAD_ALONE_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 5);
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? './data-bench');
const withIntel = !process.env.LOAD_NO_INTEL;

/** What the answers said: cache hits and misses, and each kind's latencies (ms, from sending to the whole answer). */
function tally() {
  const counts = { hit: 0, miss: 0 };
  const latencies = new Map<string, number[]>();
  /** Answers other than 2xx, by kind and status: what the errors were. */
  const failures = new Map<string, number>();
  return {
    counts,
    latencies,
    failures,
    answered(kind: string, sentAt: number, headers: IncomingHttpHeaders | undefined, status: number) {
      if (status < 200 || status > 299) failures.set(`${kind} ${status}`, (failures.get(`${kind} ${status}`) ?? 0) + 1);
      const cache = headers?.['x-answer-cache'];
      if (cache === 'hit' || cache === 'miss') counts[cache]++;
      const ms = latencies.get(kind) ?? latencies.set(kind, []).get(kind)!;
      ms.push(performance.now() - sentAt);
    },
    get hitRate() {
      return counts.hit + counts.miss === 0 ? null : counts.hit / (counts.hit + counts.miss);
    },
  };
}
type Tally = ReturnType<typeof tally>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** What a connection remembers of the request it sent. */
type Context = { kind?: string; sentAt?: number };

/** Autocannon's requests for the varied mix: one entry rebuilt for every request, its answer tallied by kind. */
function variedRequests(users: LoadUser[], kindOnly: VariedKind | null, seen: Tally) {
  return [{
    setupRequest: (req: autocannon.Request, context: Context) => {
      const { kind, request } = variedRequest(users, kindOnly);
      Object.assign(context, { kind, sentAt: performance.now() });
      return { ...req, ...request };
    },
    onResponse: (status: number, _body: string, context: Context, headers: IncomingHttpHeaders | undefined) =>
      seen.answered(context.kind!, context.sentAt!, headers, status),
  }];
}

async function run(base: string, users: LoadUser[], connections: number, seconds: number, kindOnly: VariedKind | null) {
  const seen = tally();
  // The fixed rounds' answers are tallied too (by path), for the hit rate.
  const fixed = (n: number) => fixedRound(users[n]!, n, withIntel).map((request) => ({
    ...request,
    setupRequest: (req: autocannon.Request, context: Context) => ((context.sentAt = performance.now()), req),
    onResponse: (status: number, _b: string, context: Context, headers: IncomingHttpHeaders | undefined) =>
      seen.answered(request.path.split('?')[0]!, context.sentAt!, headers, status),
  }));
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    // Fixed: every connection plays one user's round; users are spread over the connections.
    requests: mix === 'varied' ? variedRequests(users, kindOnly, seen) : fixed(0),
    ...(mix === 'fixed' ? { setupClient: (client: autocannon.Client) => client.setRequests(fixed(Math.floor(Math.random() * users.length))) } : {}),
  });
  if (seen.failures.size > 0) console.log(`  errors: ${[...seen.failures].map(([what, n]) => `${n} × ${what}`).join(', ')}`);
  return { result, seen, errors: result.errors + result.timeouts + result.non2xx };
}

// LOAD_URL: a server already running (one started under --cpu-prof, say); else one is started here.
const portal = process.env.LOAD_URL
  ? { base: process.env.LOAD_URL, stop: () => undefined }
  : await startPortal({ port: PORT, dataDir: DATA_DIR, env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });
try {
  const users = await Promise.all(LOAD_USERS.map((email) => logIn(portal.base, email)));
  if (WARMUP_SECONDS > 0) await run(portal.base, users, args.alone ? 1 : CONNECTIONS, WARMUP_SECONDS, only);
  if (args.alone) {
    const kinds: Record<string, { p50: number; p95: number; rps: number; errors: number }> = {};
    for (const kind of VARIED_KINDS) {
      if (WARMUP_SECONDS > 0) await run(portal.base, users, 1, WARMUP_SECONDS, kind);
      const { seen, result, errors } = await run(portal.base, users, 1, ALONE_SECONDS, kind);
      const sorted = [...(seen.latencies.get(kind) ?? [])].sort((a, b) => a - b);
      kinds[kind] = { p50: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1), rps: Math.round(result.requests.average), errors };
      console.log(`${kind} alone: p50 ${kinds[kind].p50} ms, p95 ${kinds[kind].p95} ms, ${sorted.length} requests, ${errors} errors`);
    }
    console.log(JSON.stringify({ alone: kinds }));
  } else {
    const { result, seen, errors } = await run(portal.base, users, CONNECTIONS, SECONDS, only);
    const hitRate = seen.hitRate === null ? 'not counted' : `${(seen.hitRate * 100).toFixed(1)}%`;
    console.log(`${mix} mix${only ? ` (${only} only)` : ''}, ${CONNECTIONS} connections for ${SECONDS} s: ${result.requests.average.toFixed(0)} requests/s, ` +
      `p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, ` +
      `${errors} errors (${result.non2xx} non-2xx, ${result.timeouts} timeouts), answer-cache hit rate ${hitRate}`);
    for (const [kind, ms] of seen.latencies) {
      const sorted = [...ms].sort((a, b) => a - b);
      console.log(`  ${kind}: ${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(0)} ms, p97.5 ${percentile(sorted, 97.5).toFixed(0)} ms`);
    }
    console.log(JSON.stringify({
      mix, connections: CONNECTIONS, rps: Math.round(result.requests.average), p50_ms: result.latency.p50, p97_5_ms: result.latency.p97_5,
      p99_ms: result.latency.p99, errors, cache_hit_rate: seen.hitRate === null ? null : +seen.hitRate.toFixed(3),
    }));
  }
} finally {
  portal.stop();
}
