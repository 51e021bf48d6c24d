// `npm run cluster -- --family-groups N --check` (issue 41): routing by family. Two callers of two
// families in two groups log in through HAProxy (leader@harbor.test, and admin@portal.test acting
// for the house with the most merchants among the other groups' families); the check asserts that each one's requests are served by
// its family's group, that each node's indexes hold only its group's families (its health says
// which; its RSS is printed), that a node of another group answers the same figures (from SQL),
// that killing the family's node under load moves its requests to another node with none failed,
// that a node added to the group takes requests with no other node restarted, and that taking it
// out again under load fails none.
import fs from 'node:fs';
import pg from 'pg';
import { cookieValue, FAMILY_COOKIE } from '../../server/http/family-cookie.ts';
import type { ApiNode, Cluster } from './cluster.ts';
import { say, signalGroup } from './processes.ts';

const FIRST = 'leader@harbor.test';
const ADMIN = 'admin@portal.test';
const PASSWORD = 'portal-demo';
const LOAD_BEFORE_MS = 3_000;
const LOAD_AFTER_MS = 6_000;
const INDEX_WAIT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Session { email: string; family: number; headers: Record<string, string> }

/** Logs in through HAProxy (acting for house `actFor`) and makes one call, whose answer names the family in its cookie. */
async function session(base: string, email: string, actFor?: number): Promise<Session> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!login.ok) throw new Error(`login ${email}: ${login.status} ${await login.text()}`);
  const { authKey } = (await login.json()) as { authKey: string };
  const headers = { authorization: `Bearer ${authKey}`, 'content-type': 'application/json' };
  if (actFor !== undefined) {
    const made = await fetch(`${base}/api/user/active-distributor/${actFor}`, { method: 'POST', headers: { authorization: headers.authorization } });
    if (!made.ok) throw new Error(`${email} acting for house ${actFor}: ${made.status} ${await made.text()}`);
  }
  const first = await fetch(`${base}/api/merchant`, { headers });
  await first.arrayBuffer();
  const family = Number(cookieValue((first.headers.get('set-cookie') ?? '').split(';')[0], FAMILY_COOKIE));
  if (!family) throw new Error(`${email}: no ${FAMILY_COOKIE} cookie on the first answer`);
  return { email, family, headers: { ...headers, cookie: `${FAMILY_COOKIE}=${family}` } };
}

const now = new Date();
const dashboardBody = JSON.stringify({
  startDate: iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1)), endDate: iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)),
  showRebates: 1, showDeviations: 1, merchants: [],
});
/** What a signed-in user's pages read, in turn. */
const reads = (base: string, s: Session) => [
  () => fetch(`${base}/api/dashboard`, { method: 'POST', headers: s.headers, body: dashboardBody }),
  () => fetch(`${base}/api/merchant`, { headers: s.headers }),
  () => fetch(`${base}/api/dashboard/lost-volume`, { method: 'POST', headers: s.headers, body: JSON.stringify({ merchantIds: [] }) }),
];

interface Served { requests: number; failed: number; by: Record<string, number>; failures: Record<string, number> }
const served = (): Served => ({ requests: 0, failed: 0, by: {}, failures: {} });

async function readAll(base: string, s: Session, times: number, into = served()): Promise<Served> {
  const calls = reads(base, s);
  for (let i = 0; i < times; i++) await count(calls[i % calls.length]!, into);
  return into;
}

async function count(call: () => Promise<Response>, into: Served) {
  into.requests++;
  try {
    const res = await call();
    await res.arrayBuffer();
    const by = res.headers.get('x-served-by') ?? '?';
    into.by[by] = (into.by[by] ?? 0) + 1;
    if (!res.ok) failure(into, String(res.status));
  } catch (err) {
    failure(into, (err as Error).message);
  }
}

function failure(into: Served, why: string) {
  into.failed++;
  into.failures[why] = (into.failures[why] ?? 0) + 1;
}

async function nodeHealth(node: ApiNode): Promise<{ dashboard: string; families: number[] | 'all' }> {
  const res = await fetch(`http://127.0.0.1:${node.port}/api/health`);
  return ((await res.json()) as { indexes: { dashboard: string; families: number[] | 'all' } }).indexes;
}

const rssMb = (node: ApiNode) => {
  const status = fs.readFileSync(`/proc/${node.child.process.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

export async function runFamilyCheck(cluster: Cluster) {
  const base = cluster.url;
  const problems: string[] = [];
  const groupOf = (family: number) => cluster.groups.find((g) => g.families.includes(family));
  const first = await session(base, FIRST);
  const second = await session(base, ADMIN, await houseElsewhere(cluster, groupOf(first.family)?.families ?? []));
  const sessions = [first, second];

  // Every node's index built, holding only its group's families.
  const until = Date.now() + INDEX_WAIT_MS;
  while (!(await Promise.all(cluster.api.map(nodeHealth))).every((h) => h.dashboard === 'ready') && Date.now() < until) await sleep(500);
  const nodes = await Promise.all(cluster.api.map(async (node) => ({ name: node.name, group: cluster.groups[node.group]?.name, ...(await nodeHealth(node)), rss_mb: rssMb(node) })));
  for (const n of nodes) {
    const expected = cluster.groups.find((g) => g.name === n.group)?.families ?? [];
    if (n.dashboard !== 'ready') problems.push(`${n.name}: index ${n.dashboard}`);
    if (JSON.stringify(n.families) !== JSON.stringify(expected)) problems.push(`${n.name} holds ${JSON.stringify(n.families)}, its group ${JSON.stringify(expected)}`);
  }

  // Each family's requests go to its group.
  const routed = [];
  for (const s of sessions) {
    const group = groupOf(s.family);
    const seen = await readAll(base, s, 12);
    const outside = Object.keys(seen.by).filter((name) => !group?.nodes.includes(name));
    if (seen.failed || outside.length) problems.push(`${s.email}: ${seen.failed} failed, served outside ${group?.name}: ${outside.join(', ')}`);
    routed.push({ email: s.email, family: s.family, group: group?.name, ...seen });
  }
  if (groupOf(first.family) === groupOf(second.family)) problems.push(`both callers' families are in ${groupOf(first.family)?.name}`);

  // A node of another group answers the first family's dashboard the same (from SQL).
  const home = cluster.api.find((n) => groupOf(first.family)?.nodes.includes(n.name))!;
  const away = cluster.api.find((n) => !groupOf(first.family)?.nodes.includes(n.name));
  const ask = (node: ApiNode) => fetch(`http://127.0.0.1:${node.port}/api/dashboard`, { method: 'POST', headers: first.headers, body: dashboardBody }).then(async (r) => ({ status: r.status, body: await r.text() }));
  const [atHome, atAway] = away ? await Promise.all([ask(home), ask(away)]) : [null, null];
  const otherNode = atHome && atAway && { node: away!.name, status: atAway.status, same_figures: atAway.body === atHome.body };
  if (otherNode && !(otherNode.status === 200 && otherNode.same_figures)) problems.push(`${away!.name} answered ${first.email}'s dashboard ${atAway!.status}, ${otherNode.same_figures ? 'same' : 'other'} figures`);

  // Kill the first family's node under both families' load: nothing fails, its requests move.
  const victim = home;
  const pidsBefore = new Map(cluster.api.map((n) => [n.name, n.child.process.pid]));
  const before = sessions.map(served), after = sessions.map(served);
  let phase = before, running = true;
  const loops = sessions.flatMap((s, i) => [0, 1].map(async (offset) => {
    const calls = reads(base, s);
    for (let k = offset; running; k++) await count(calls[k % calls.length]!, phase[i]!);
  }));
  await sleep(LOAD_BEFORE_MS);
  phase = after;
  say('check', `SIGKILL ${victim.name} (${groupOf(first.family)?.name}: families ${groupOf(first.family)?.families.join(', ')})`);
  victim.child.stopping = true;
  signalGroup(victim.child, 'SIGKILL');
  await sleep(LOAD_AFTER_MS);
  running = false;
  await Promise.all(loops);
  const failed = [...before, ...after].reduce((sum, t) => sum + t.failed, 0);
  if (failed) problems.push(`${failed} requests failed around the kill`);
  await cluster.restartApi(cluster.api.indexOf(victim));

  // Resize: a node added to the first family's group takes its requests; no other node restarted.
  const added = await cluster.addApi(victim.group);
  await sleep(3_000); // HAProxy's checks see it up (rise 2, 1 s apart)
  const afterAdd = await readAll(base, first, 24);
  if (!afterAdd.by[added.name]) problems.push(`${added.name}, added to ${groupOf(first.family)?.name}, took none of ${first.email}'s requests`);
  // Shrink it again under the family's load: none fails, the group's first node answers on.
  const shrink = served();
  let shrinking = true;
  const shrinkLoad = [0, 1].map(async (offset) => {
    const calls = reads(base, first);
    for (let k = offset; shrinking; k++) await count(calls[k % calls.length]!, shrink);
  });
  await sleep(1_000);
  await cluster.removeApi(added.name);
  await sleep(2_000);
  shrinking = false;
  await Promise.all(shrinkLoad);
  if (shrink.failed) problems.push(`${shrink.failed} of ${first.email}'s requests failed while ${added.name} was taken out`);
  const restarted = [...pidsBefore].filter(([name, pid]) => name !== victim.name && cluster.api.find((n) => n.name === name)?.child.process.pid !== pid);
  if (restarted.length) problems.push(`restarted: ${restarted.map(([name]) => name).join(', ')}`);

  return {
    check: 'families', ok: problems.length === 0, problems, url: base,
    groups: cluster.groups, nodes, routed, other_node: otherNode,
    kill: { killed: victim.name, before: before.map((t, i) => ({ email: sessions[i]!.email, ...t })), after: after.map((t, i) => ({ email: sessions[i]!.email, ...t })) },
    resize: { added: added.name, group: cluster.groups[added.group]?.name, served: afterAdd, removed_under_load: shrink },
  };
}

/** The house (not a family head) with the most merchant accounts whose family is in another group than `families`. */
async function houseElsewhere(cluster: Cluster, families: number[]): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.directUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select d.id from distributors d left join merchant_accounts a on a.distributor_id = d.id
        where coalesce(d.parent_id, d.id) <> all($1::int[]) and not exists (select 1 from distributors c where c.parent_id = d.id)
        group by d.id order by count(a.merchant_id) desc, d.id limit 1`, [families]);
    if (!rows[0]) throw new Error('no house outside the first family\'s group: use more families or fewer groups');
    return rows[0].id;
  } finally {
    await client.end();
  }
}
