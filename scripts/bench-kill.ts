// npm run bench:kill — a dying API process costs the user nothing (issue 35). Starts the real
// server with API_PROCESSES workers (default 2) on a fresh DATA_DIR, runs demo users through the
// portal's own HTTP client (scripts/load/portal-client.ts: its retries and Idempotency-Keys) —
// readers on the varied mix, an internal admin creating announcements with unique text — and
// SIGKILLs one API worker every KILL_EVERY_SECONDS (10) for KILL_SECONDS (60). Prints every
// failed request as the user would see it, then one JSON line: requests, failed, kills, writes
// (the run's announcements in the database) and writes_twice (those found more than once).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, killGroup, startServer } from '../server/testing/server-process.ts';
import { portalUser, type Outcome, type PortalUser } from './load/portal-client.ts';
import { LOAD_USERS, type LoadUser } from './load/users.ts';
import { variedRequest } from './load/varied-mix.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const KILL_SECONDS = num('KILL_SECONDS', 60);
const KILL_EVERY_SECONDS = num('KILL_EVERY_SECONDS', 10);
const READERS = num('READERS', 6);
const WRITERS = num('WRITERS', 2);
/** The load goes on this long after the last kill, so its aftermath is counted. */
const TAIL_SECONDS = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * The serving API workers: children of the primary that run server/main.ts (its postgres is a
 * child too), but the warm spare, which serves nobody until one of them dies: the newest process
 * started as a spare (PORTAL_SPARE=1; a promoted spare is older than the one started after it).
 */
function workerPids(primary: number): number[] {
  const workers = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== primary || !/server\/main\.[jt]s/.test(fs.readFileSync(`/proc/${d}/cmdline`, 'utf8'))) return [];
      const spare = fs.readFileSync(`/proc/${d}/environ`, 'utf8').split('\0').includes('PORTAL_SPARE=1');
      return [{ pid: Number(d), spare, started: Number(fields[19]) }];
    } catch {
      return []; // gone meanwhile
    }
  });
  const spare = workers.filter((w) => w.spare).sort((a, b) => b.started - a.started)[0];
  return workers.filter((w) => w !== spare).map((w) => w.pid);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-kill-'));
  const port = await freePort();
  const apiProcesses = process.env.API_PROCESSES ?? '2';
  console.log(`Starting the server (API_PROCESSES=${apiProcesses}, 20 merchants, 2 months) on port ${port}…`);
  const server = await startServer(port, dataDir, { API_PROCESSES: apiProcesses, SEED_MERCHANTS: '20', SEED_MONTHS: '2' });
  try {
    const base = `http://127.0.0.1:${port}`;
    const readers = await Promise.all(LOAD_USERS.map((email) => portalUser(base, email)));
    // The mix draws a user and sends their headers; the header names them back to us.
    const loadUsers: LoadUser[] = await Promise.all(readers.map(async (u) => ({
      email: u.email, headers: { 'x-bench-user': u.email }, intel: u.displayIntel,
      merchants: ((await u.call('get', '/merchant')).body as { id: number; merchant: string }[]).map(({ id, merchant }) => ({ id, merchant })),
    })));
    const admin = await portalUser(base, 'admin@portal.test');
    const byEmail = new Map(readers.map((u) => [u.email, u]));

    let requests = 0;
    let failed = 0;
    let retried = 0;
    const record = (who: PortalUser, what: string, o: Outcome) => {
      requests++;
      if (o.tries > 1) retried++;
      if (o.ok) return;
      failed++;
      console.log(`FAILED ${what} as ${who.email} after ${o.tries} tries: ${o.status || 'no answer'} "${o.message}"`);
    };

    const started = Date.now();
    const end = started + (KILL_SECONDS + TAIL_SECONDS) * 1000;
    const reader = async () => {
      while (Date.now() < end) {
        const { request } = variedRequest(loadUsers);
        const user = byEmail.get(request.headers['x-bench-user']!)!;
        const apiPath = request.path.replace(/^\/api/, '');
        const o = await user.call(request.method === 'GET' ? 'get' : 'post', apiPath, request.body === undefined ? undefined : JSON.parse(request.body));
        record(user, `${request.method} ${request.path.split('?')[0]}`, o);
      }
    };
    const run = `bench-kill ${started.toString(36)}`;
    const acknowledged: string[] = [];
    let written = 0;
    const writer = async () => {
      while (Date.now() < end) {
        const text = `${run} #${++written}`;
        const o = await admin.call('post', '/announcement', { text });
        record(admin, 'POST /api/announcement', o);
        if (o.ok) acknowledged.push(text);
      }
    };
    let kills = 0;
    const killer = async () => {
      for (let at = KILL_EVERY_SECONDS; at <= KILL_SECONDS; at += KILL_EVERY_SECONDS) {
        await sleep(started + at * 1000 - Date.now());
        const pids = workerPids(server.pid!);
        if (pids.length === 0) {
          console.log(`${at} s: no API worker to kill`);
          continue;
        }
        const pid = pids[kills % pids.length]!;
        process.kill(pid, 'SIGKILL');
        kills++;
        console.log(`${at} s: SIGKILL to API worker ${pid} (of ${pids.length}); ${requests} requests so far, ${failed} failed`);
      }
    };
    await Promise.all([killer(), ...Array.from({ length: READERS }, reader), ...Array.from({ length: WRITERS }, writer)]);

    // Every announcement the admin sent, counted in the database (GET /api/announcement lists them all).
    const list = await admin.call('get', '/announcement');
    if (!list.ok) throw new Error(`could not read the announcements: ${list.message}`);
    const counts = new Map<string, number>();
    for (const { text } of list.body as { text: string }[]) if (text.startsWith(`${run} #`)) counts.set(text, (counts.get(text) ?? 0) + 1);
    const writesTwice = [...counts.values()].filter((n) => n > 1).length;
    const lost = acknowledged.filter((text) => !counts.has(text)).length;
    console.log(`${written} announcements sent, ${acknowledged.length} acknowledged, ${counts.size} in the database, ${lost} acknowledged but missing`);
    console.log(`${retried} requests needed more than one try; ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log(JSON.stringify({ requests, failed, kills, writes: counts.size, writes_twice: writesTwice }));
  } finally {
    killGroup(server, 'SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
