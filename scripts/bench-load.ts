// npm run bench:load — many users at once on the real server (HTTP over loopback, the built app on
// DATA_DIR, default ./data-bench: run `npm run bench:dashboard` once to build it). Logs in as the
// demo users, then autocannon sends a mix of what they do on Monday morning: dashboards of several
// ranges and houses, rebate pages and searches, merchant lists, lost volume, and for the users with
// Intel a batch of 250 merchants as the Intel list sends it (without the line chart’s months, which
// the client asks only once the line chart is open). LOAD_CONNECTIONS (200) for
// LOAD_SECONDS (30); LOAD_NO_INTEL=1 leaves the Intel batch out; DATABASE_URL runs the server on
// another PostgreSQL. Last line: one JSON object.
import path from 'node:path';
import autocannon from 'autocannon';
import { startPortal } from './portal-server.ts';

const PORT = Number(process.env.LOAD_PORT ?? 5392);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? './data-bench');
const USERS = ['leader@harbor.test', 'houses@harbor.test', 'dm@harbor.test', 'rep@harbor.test', 'ops@summit.test'];
const DAY = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthStart = (monthsBack: number) => {
  const now = new Date();
  return iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
};
const lastMonthEnd = iso(Date.parse(`${monthStart(0)}T00:00:00Z`) - DAY);
const RANGES = [
  [monthStart(1), lastMonthEnd],
  [monthStart(3), lastMonthEnd],
  [iso(Date.parse(`${monthStart(12)}T00:00:00Z`) + DAY), lastMonthEnd],
];

type Request = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

interface LoadUser {
  token: string;
  /** The Intel list's first batch (as the client sends it), for users with Intel. */
  intel: string | null;
}

async function logIn(base: string, email: string): Promise<LoadUser> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'portal-demo' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const { authKey: token, user } = (await res.json()) as { authKey: string; user: { displayIntel: boolean } };
  if (!user.displayIntel || process.env.LOAD_NO_INTEL) return { token, intel: null };
  const merchants = (await (await fetch(`${base}/api/merchant`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; merchant: string }[];
  const batch = merchants.slice(0, 250).map(({ id, merchant }) => ({ id, merchant }));
  return { token, intel: JSON.stringify({ startDate: monthStart(1), endDate: lastMonthEnd, merchants: batch, monthly: false, items: false }) };
}

/** One user's round: what a person does in a minute of the portal. */
function round({ token, intel }: LoadUser, userIndex: number): Request[] {
  // As a browser sends them: every browser accepts gzip, and cached answers are kept gzipped for it.
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const [from, to] = RANGES[userIndex % RANGES.length]!;
  const dashboard = (startDate: string, endDate: string): Request => ({
    method: 'POST',
    path: '/api/dashboard',
    headers,
    body: JSON.stringify({ startDate, endDate, showRebates: 1, showDeviations: 1, merchants: [] }),
  });
  const get = (p: string): Request => ({ method: 'GET', path: p, headers });
  return [
    get('/api/merchant'),
    dashboard(from!, to!),
    { method: 'POST', path: '/api/dashboard/lost-volume', headers, body: JSON.stringify({ merchantIds: [] }) },
    get('/api/full-rebate-deviation?page=1&sort=manufacturer&order=asc'),
    get(`/api/full-rebate-deviation?page=${2 + (userIndex % 5)}&sort=rebateValue&order=desc`),
    get('/api/rebate-deviation?page=1&sort=manufacturer&order=asc&search=chick'),
    dashboard(monthStart(1), lastMonthEnd),
    ...(intel ? [{ method: 'POST' as const, path: '/api/intel', headers, body: intel }] : []),
  ];
}

const portal = await startPortal({ port: PORT, dataDir: DATA_DIR, env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });
try {
  const users = await Promise.all(USERS.map((email) => logIn(portal.base, email)));
  // Every connection plays one user's round over and over; users are spread over the connections.
  const result = await autocannon({
    url: portal.base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: round(users[0]!, 0),
    setupClient: (client) => {
      const n = Math.floor(Math.random() * USERS.length);
      client.setRequests(round(users[n]!, n));
    },
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(`${CONNECTIONS} connections for ${SECONDS} s: ${result.requests.average.toFixed(0)} requests/s, ` +
    `p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, ` +
    `${errors} errors (${result.non2xx} non-2xx, ${result.timeouts} timeouts)`);
  console.log(JSON.stringify({ connections: CONNECTIONS, rps: Math.round(result.requests.average), p97_5_ms: result.latency.p97_5, errors }));
} finally {
  portal.stop();
}
