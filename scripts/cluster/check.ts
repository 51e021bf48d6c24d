// `npm run cluster -- --check`: through HAProxy, logs in as a demo user and reads the dashboard,
// then keeps requests going while one API node is killed with SIGKILL; counts what failed.
import type { Cluster } from './cluster.ts';
import { say, signalGroup } from './processes.ts';

const EMAIL = 'leader@harbor.test';
const PASSWORD = 'portal-demo';
const CONCURRENCY = 4;
const BEFORE_MS = 3_000;
const AFTER_MS = 6_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Tally { requests: number; failed: number; servedBy: Record<string, number>; failures: Record<string, number> }
const tally = (): Tally => ({ requests: 0, failed: 0, servedBy: {}, failures: {} });

export interface CheckResult {
  check: 'cluster';
  ok: boolean;
  url: string;
  nodes: number;
  workers: number;
  login: number;
  dashboard: number;
  killed: string;
  requests: number;
  failed: number;
  before_kill: Tally;
  after_kill: Tally;
  /** Milliseconds from the SIGKILL to the last answer the killed node gave (requests in flight). */
  killed_last_answer_ms: number | null;
}

export async function runCheck(cluster: Cluster): Promise<CheckResult> {
  const base = cluster.url;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login ${EMAIL}: ${login.status} ${await login.text()}`);
  const { authKey } = (await login.json()) as { authKey: string };
  const headers = { authorization: `Bearer ${authKey}`, 'content-type': 'application/json' };
  const now = new Date();
  const monthStart = (back: number) => iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const lastMonthEnd = iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const dashboardBody = (back: number) => JSON.stringify({ startDate: monthStart(back), endDate: lastMonthEnd, showRebates: 1, showDeviations: 1, merchants: [] });
  const dashboard = await fetch(`${base}/api/dashboard`, { method: 'POST', headers, body: dashboardBody(1) });
  await dashboard.arrayBuffer();
  say('check', `login ${login.status}, dashboard ${dashboard.status} (served by ${dashboard.headers.get('x-served-by')})`);

  // What a signed-in user's pages ask: reads only, GETs and the read-only dashboard POSTs.
  const requests: (() => Promise<Response>)[] = [
    () => fetch(`${base}/api/merchant`, { headers }),
    () => fetch(`${base}/api/dashboard`, { method: 'POST', headers, body: dashboardBody(1 + Math.floor(Math.random() * 11)) }),
    () => fetch(`${base}/api/dashboard/lost-volume`, { method: 'POST', headers, body: JSON.stringify({ merchantIds: [] }) }),
    () => fetch(`${base}/api/full-rebate-deviation?page=${1 + Math.floor(Math.random() * 5)}&sort=manufacturer&order=asc`, { headers }),
    () => fetch(`${base}/api/health`),
  ];
  const victim = cluster.api[1] ?? cluster.api[0]!;
  let phase = tally();
  const before = phase;
  let killedAt = 0;
  let killedLast: number | null = null;
  let running = true;
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const t = phase;
      t.requests++;
      try {
        const res = await requests[i % requests.length]!();
        await res.arrayBuffer();
        const by = res.headers.get('x-served-by') ?? '?';
        t.servedBy[by] = (t.servedBy[by] ?? 0) + 1;
        if (by === victim.name && killedAt) killedLast = Date.now() - killedAt;
        if (!res.ok) {
          t.failed++;
          t.failures[String(res.status)] = (t.failures[String(res.status)] ?? 0) + 1;
        }
      } catch (err) {
        t.failed++;
        const key = (err as Error).message;
        t.failures[key] = (t.failures[key] ?? 0) + 1;
      }
    }
  };
  const loops = Array.from({ length: CONCURRENCY }, (_, i) => loop(i));
  await sleep(BEFORE_MS);
  phase = tally();
  killedAt = Date.now();
  say('check', `SIGKILL ${victim.name} (pid ${victim.child.process.pid})`);
  victim.child.stopping = true;
  signalGroup(victim.child, 'SIGKILL');
  await sleep(AFTER_MS);
  running = false;
  await Promise.all(loops);
  const after = phase;
  const requestsSeen = before.requests + after.requests;
  const failed = before.failed + after.failed;
  return {
    check: 'cluster',
    ok: login.ok && dashboard.ok && failed === 0 && after.requests > 0,
    url: base,
    nodes: cluster.api.length,
    workers: cluster.workers.length,
    login: login.status,
    dashboard: dashboard.status,
    killed: victim.name,
    requests: requestsSeen,
    failed,
    before_kill: before,
    after_kill: after,
    killed_last_answer_ms: killedLast,
  };
}
