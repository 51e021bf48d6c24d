// npm run bench:failover: the varied load (scripts/load/varied-mix.ts) and writes (the admin
// creating announcements, each with a text of its own) through HAProxy against the cluster, sent
// as the portal's client sends them (scripts/cluster/failover-load.ts: unanswered requests tried
// again, writes with an Idempotency-Key), while faults happen: invoice images uploaded and a
// worker killed with SIGKILL while they are read (then started again); the primary PostgreSQL
// node killed with SIGKILL, its pg_autoctl and postmaster together (FAILOVER_PRIMARY_KILL=
// postmaster: the postmaster alone), FAILOVER_PRIMARY_KILLS times (2: each node once) — the
// monitor promotes the standby, the killed node is run again and comes back as the standby; a
// purchase file uploaded by the admin for import and the worker running it killed with SIGKILL
// mid-import (then started again); the standby restarted; one API node killed with SIGKILL (then
// started again); every API node restarted one by one (SIGTERM, start, health).
// Writes lost = texts answered 2xx and not in the database afterwards; writes twice = texts in
// it more than once; write gap = the longest time with no write acknowledged.
// In that order, one after the other (each as soon as the one before has ended, from 5 % of the
// run); what happens after the load has ended is marked so.
// The import's file (FAILOVER_IMPORT_LINES lines, 150,000, from the cluster's own catalogue, new
// bytes each run) is written to a temporary folder before the load. The worker killed is the one
// whose database connection holds the import's advisory lock (pg_locks → pg_stat_activity's
// client port → `ss -tnp`, the process owning that socket); if it cannot be told, both workers are
// killed at once (the JSON says which).
// A probe asks HAProxy's /api/health every 100 ms: the longest time without a 200 is the health gap.
// After the load, waits (FAILOVER_JOB_WAIT_SECONDS, 150: an OCR job whose worker died expires after
// 120 s) for the images' jobs and the import: OCR lost = neither read nor given up; OCR twice = OCR
// runs (counted on the image before each begins) beyond one per image, less the runs a kill cut
// short (pg-boss jobs begun and never completed); import lost = its job not loaded (or no lines of its file's SHA-256 in);
// import twice = more than one batch, or more lines, for its file's SHA-256 than the file holds.
// FAILOVER_SECONDS (60), FAILOVER_CONNECTIONS (100: readers), FAILOVER_WRITERS (2); cluster flags as `npm run cluster`.
// Last line: one JSON object.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCluster, ROOT, type Cluster } from './cluster.ts';
import { readOptions } from './options.ts';
import { databaseUrl } from './postgres.ts';
import { count, longestGap, newTally, portalFetch, quantile } from './failover-load.ts';
import { nodeIn, postmasterPid } from './postgres.ts';
import { say, signalGroup } from './processes.ts';
import { LOAD_USERS, logIn, type LoadUser } from '../load/users.ts';
import { variedRequest } from '../load/varied-mix.ts';
import { sha256OfFile } from '../../server/import/import-file.ts';
import { sampleRows, sampleSource, writeImportCsv } from '../../server/import/sample-file.ts';
import { monthStart } from '../../server/repositories/dashboard-range.ts';

const SECONDS = Number(process.env.FAILOVER_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.FAILOVER_CONNECTIONS ?? 100);
const JOB_WAIT_SECONDS = Number(process.env.FAILOVER_JOB_WAIT_SECONDS ?? 150);
const IMPORT_LINES = Number(process.env.FAILOVER_IMPORT_LINES ?? 150_000);
const WRITERS = Number(process.env.FAILOVER_WRITERS ?? 2);
const PRIMARY_KILLS = Number(process.env.FAILOVER_PRIMARY_KILLS ?? 2);
const KILL_MODE = process.env.FAILOVER_PRIMARY_KILL === 'postmaster' ? 'postmaster' : 'node';
/** Announcements this benchmark writes start so; they are counted, then deleted. */
const WRITE_PREFIX = 'failover-bench';
const INVOICES = 4;
const FIXTURES = path.join(ROOT, 'tests/fixtures/invoices');
const ADMIN = 'admin@portal.test';
/** server/import/import-file.ts's IMPORT_LOCK: the advisory lock a running import's transaction holds. */
const IMPORT_LOCK = 0x1a9047;

interface ImportFile { file: string; sha256: string; lines: number }
interface ImportKill { jobId: number | null; killed: string; stage: string | null; rowsRead: number }
interface PrimaryKill { node: string; pid: number; promoted: string | null; promotedMs: number | null; readyMs: number | null }
interface Seen { imageIds: number[]; events: string[]; inFlightAtKill: number; underLoad: number; importKill: ImportKill; primaryKills: PrimaryKill[] }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => say('failover', line);

/** GET /api/health every 100 ms; the longest stretch between two 200s. */
function healthProbe(base: string) {
  let lastOk = Date.now();
  let longest = 0;
  let failed = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const sent = Date.now();
      try {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.ok) {
          longest = Math.max(longest, Date.now() - lastOk);
          lastOk = Date.now();
        } else failed++;
      } catch {
        failed++;
      }
      await sleep(Math.max(0, 100 - (Date.now() - sent)));
    }
  })();
  return { async stop() { running = false; await done; return { longestGapMs: Math.max(longest, Date.now() - lastOk), failed }; } };
}

async function uploadInvoices(base: string, user: LoadUser): Promise<number[]> {
  const images = fs.readdirSync(FIXTURES).filter((f) => /\.(png|jpe?g)$/.test(f)).slice(0, INVOICES);
  const ids: number[] = [];
  for (const file of images) {
    const form = new FormData();
    form.set('description', `failover ${file}`);
    form.set('merchant', 'Failover Bench');
    form.set('imageFile', new Blob([fs.readFileSync(path.join(FIXTURES, file))], { type: file.endsWith('.png') ? 'image/png' : 'image/jpeg' }), file);
    const res = await fetch(`${base}/api/invoice`, { method: 'POST', headers: { authorization: user.headers.authorization! }, body: form });
    if (!res.ok) throw new Error(`invoice upload ${file}: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { imageId: number }).imageId);
  }
  return ids;
}

/** Images whose OCR run has begun and not ended: those a worker killed now may leave half-read. */
async function inFlight(url: string, imageIds: number[]): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from invoice_images where id = any($1) and ocr_status = 'pending' and ocr_attempts > 0`, [imageIds]);
    return rows[0]!.n;
  } finally {
    await db.end();
  }
}

/** The faults, in order, cheapest first so that the most of them happen while the load runs. */
async function faults(cluster: Cluster, base: string, uploader: LoadUser, admin: string, importFile: ImportFile | null, seen: Seen, dbUrl: string) {
  const t0 = Date.now();
  const event = (what: string) => {
    const t = (Date.now() - t0) / 1000;
    seen.events.push(`${t.toFixed(1)} s ${what}${t > SECONDS ? ' (after the load)' : ''}`);
    if (t <= SECONDS) seen.underLoad++;
    log(what);
  };
  await sleep(0.05 * SECONDS * 1000);
  if (cluster.workers.length > 0) {
    seen.imageIds = await uploadInvoices(base, uploader);
    event(`${seen.imageIds.length} invoice images uploaded`);
    await sleep(1500); // the workers poll every 0.5 s: by now they are reading
    seen.inFlightAtKill = await inFlight(dbUrl, seen.imageIds);
    event(`SIGKILL ${cluster.workers[0]!.name} (${seen.inFlightAtKill} images being read)`);
    await cluster.restartWorker(0, 'SIGKILL');
    event(`${cluster.workers[0]!.name} started again`);
  }
  // Both ways (node-1 → node-2 and back) while the load runs: each takes about 16 s to promote.
  while (seen.primaryKills.length < PRIMARY_KILLS) seen.primaryKills.push(await killPrimary(cluster, event));
  if (cluster.workers.length > 0 && importFile) {
    seen.importKill.jobId = await uploadImport(base, admin, importFile.file);
    event(`import job ${seen.importKill.jobId} queued (${importFile.lines.toLocaleString('en-US')} lines, uploaded by ${ADMIN})`);
    const running = await importRunning(dbUrl, seen.importKill.jobId, cluster);
    Object.assign(seen.importKill, { stage: running.stage, rowsRead: running.rowsRead });
    if (running.status !== 'running') {
      seen.importKill.killed = `none: the job was ${running.status} before it could be caught running`;
      event(`import job ${seen.importKill.jobId} not killed (${running.status})`);
    } else if (running.worker !== null) {
      const name = cluster.workers[running.worker]!.name;
      seen.importKill.killed = `${name} (its connection held the import's lock)`;
      event(`SIGKILL ${name} mid-import (${running.stage}, ${running.rowsRead.toLocaleString('en-US')} rows read)`);
      await cluster.restartWorker(running.worker, 'SIGKILL');
      event(`${name} started again`);
    } else {
      seen.importKill.killed = 'both workers at once (the one running it could not be told)';
      event(`SIGKILL every worker mid-import (${running.stage}, ${running.rowsRead.toLocaleString('en-US')} rows read)`);
      await Promise.all(cluster.workers.map((_, i) => cluster.restartWorker(i, 'SIGKILL')));
      event('every worker started again');
    }
  }
  event('restarting the standby');
  await cluster.restartReplica();
  event('standby restarted');
  const victim = cluster.api[0]!;
  event(`SIGKILL ${victim.name}`);
  victim.child.stopping = true;
  signalGroup(victim.child, 'SIGKILL');
  await cluster.restartApi(0);
  event(`${victim.name} started again`);
  for (let i = 0; i < cluster.api.length; i++) {
    event(`restarting ${cluster.api[i]!.name}`);
    await cluster.restartApi(i);
  }
  event('every API node restarted');
}

/**
 * Kills the primary, then waits for the monitor to promote the other node (wait_primary: it takes
 * writes) and for the formation to be whole again (the killed node back as the secondary, after
 * pg_rewind). `node` (the default): SIGKILL to the node's pg_autoctl and Postgres at once, as when
 * its machine dies, then `pg_autoctl run` again once the other is promoted. `postmaster`: SIGKILL
 * to the postmaster alone; pg_autoctl starts it again, and the monitor either keeps it primary
 * (crash recovery in place) or fails over, whichever its next report decides.
 */
async function killPrimary(cluster: Cluster, event: (what: string) => void): Promise<PrimaryKill> {
  const pgs = cluster.postgres;
  const victim = await pgs.primary();
  if (!victim) throw new Error('no primary to kill');
  const t = Date.now();
  const pid = KILL_MODE === 'node' ? pgs.killNode(victim) : pgs.killPostmaster(victim);
  event(KILL_MODE === 'node'
    ? `SIGKILL ${victim.name}, the primary: its pg_autoctl and postmaster (pid ${pid})`
    : `SIGKILL ${victim.name}'s postmaster (pid ${pid}), the primary`);
  const kill: PrimaryKill = { node: victim.name, pid, promoted: null, promotedMs: null, readyMs: null };
  for (;;) {
    const rows = await pgs.states().catch(() => []);
    const other = rows.find((r) => r.nodename !== victim.name && ['wait_primary', 'primary'].includes(r.current_group_state));
    if (other) {
      kill.promoted = other.nodename;
      event(`${other.nodename} promoted (${other.current_group_state})`);
      break;
    }
    if (KILL_MODE === 'postmaster' && nodeIn(rows, 'primary')?.nodename === victim.name && await writableAgain(victim.port, pid, () => postmasterPid(victim))) {
      kill.promoted = `${victim.name} (restarted in place)`;
      event(`${victim.name} restarted in place by pg_autoctl, primary again`);
      break;
    }
    if (Date.now() - t > 120_000) {
      event('no node promoted within 120 s');
      return kill;
    }
    await sleep(100);
  }
  kill.promotedMs = Date.now() - t;
  if (KILL_MODE === 'node') {
    pgs.startNode(victim);
    event(`${victim.name} started again (pg_autoctl run)`);
  }
  const rows = await pgs.waitReady(300_000);
  kill.readyMs = Date.now() - t;
  event(`${victim.name} back as the secondary (${nodeIn(rows, 'primary')?.nodename} primary)`);
  return kill;
}

/** Whether a new postmaster (not `killed`) runs on the port and takes writes. */
async function writableAgain(port: number, killed: number, pidNow: () => number): Promise<boolean> {
  try {
    if (pidNow() === killed) return false;
    const db = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'portal', connectionTimeoutMillis: 1000 });
    await db.connect();
    try {
      return !(await db.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0]!.r;
    } finally {
      await db.end();
    }
  } catch {
    return false;
  }
}

/** After the load: which acknowledged texts are missing, and which are in more than once; then the rows go. */
async function writeOutcome(url: string, acked: string[], runId: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ text: string; n: number }>(
      'select text, count(*)::int as n from announcements where text like $1 group by text', [`${WRITE_PREFIX} ${runId} %`]);
    const found = new Map(rows.map((r) => [r.text, r.n]));
    const lost = acked.filter((text) => !found.has(text));
    const twice = rows.filter((r) => r.n > 1).length;
    await db.query('delete from announcements where text like $1', [`${WRITE_PREFIX} %`]);
    return { lost, twice, inDatabase: rows.length };
  } finally {
    await db.end();
  }
}

/** The purchase file the admin uploads: lines of the cluster's own merchants and items, new bytes each run. */
async function writeImportFile(dbUrl: string): Promise<ImportFile> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'failover-import-'));
    const file = path.join(dir, 'failover-purchases.csv');
    const today = new Date();
    const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
    await writeImportCsv(file, sampleRows(await sampleSource(pool), IMPORT_LINES, { seed: `failover${Date.now()}`, from: monthStart(today, 2), to }));
    return { file, sha256: await sha256OfFile(file), lines: IMPORT_LINES };
  } finally {
    await pool.end();
  }
}

async function adminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN, password: 'portal-demo' }),
  });
  if (!res.ok) throw new Error(`login ${ADMIN}: ${res.status}`);
  return `Bearer ${((await res.json()) as { authKey: string }).authKey}`;
}

/** POST /api/admin/imports as the admin panel does (multipart, the one field "file"): the job's id. */
async function uploadImport(base: string, authorization: string, file: string): Promise<number> {
  const form = new FormData();
  form.set('file', await fs.openAsBlob(file, { type: 'text/csv' }), path.basename(file));
  const res = await fetch(`${base}/api/admin/imports`, { method: 'POST', headers: { authorization }, body: form });
  if (res.status !== 202) throw new Error(`import upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** The process owning the local end of a loopback TCP connection, by its port (`ss -tnp`, as root). */
function socketOwner(port: number): number | null {
  try {
    const out = execFileSync('ss', ['-tnpH', `( sport = :${port} )`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : null;
  } catch {
    return null;
  }
}

/**
 * Waits (up to 120 s) until the job runs inside its transaction (status running, rows read, its
 * advisory lock held) and says which worker's connection holds that lock, or that it ended first.
 */
async function importRunning(dbUrl: string, jobId: number, cluster: Cluster) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const until = Date.now() + 120_000;
    for (;;) {
      const { rows: [job] } = await db.query<{ status: string; stage: string | null; rows_read: number }>(
        'select status, stage, rows_read from import_jobs where id = $1', [jobId]);
      const { rows: holders } = await db.query<{ client_port: number | null }>(
        `select a.client_port from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.classid = 0 and l.objid = $1 and l.objsubid = 1 and l.granted`, [IMPORT_LOCK]);
      const status = job?.status ?? 'missing';
      if (status === 'running' && job!.rows_read > 0 && holders.length > 0) {
        const port = holders[0]!.client_port;
        const pid = port === null ? null : socketOwner(port);
        const index = cluster.workers.findIndex((w) => w.process.pid === pid);
        return { status, stage: job!.stage, rowsRead: job!.rows_read, worker: index >= 0 ? index : null };
      }
      if (!['queued', 'running'].includes(status) || Date.now() > until) {
        return { status: Date.now() > until ? `${status} (still, after 120 s)` : status, stage: job?.stage ?? null, rowsRead: job?.rows_read ?? 0, worker: null };
      }
      await sleep(100);
    }
  } finally {
    await db.end();
  }
}

/** After the load: waits for the import's job to end, then counts what of its file went in. */
async function importOutcome(url: string, jobId: number, importFile: ImportFile, until: number) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    type Job = { status: string; attempts: number; lines_loaded: number; message: string | null };
    let job: Job | undefined;
    for (;;) {
      job = (await db.query<Job>('select status, attempts, lines_loaded, message from import_jobs where id = $1', [jobId])).rows[0];
      if (!job || !['queued', 'running'].includes(job.status) || Date.now() > until) break;
      await sleep(1000);
    }
    const batches = await db.query<{ id: number; lines_loaded: number }>('select id, lines_loaded from import_batches where sha256 = $1', [importFile.sha256]);
    const lines = batches.rows.length
      ? Number((await db.query<{ n: string }>('select count(*) as n from purchase_lines where import_batch_id = any($1)', [batches.rows.map((b) => b.id)])).rows[0]!.n)
      : 0;
    const boss = await db.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from (select name, data, state from pgboss.job union all select name, data, state from pgboss.archive) j
        where name = 'purchase-import' and (data->>'jobId')::int = $1 group by state order by state`, [jobId]);
    const loaded = job !== undefined && ['loaded', 'already-loaded'].includes(job.status) && lines > 0;
    return {
      status: job?.status ?? 'missing', attempts: job?.attempts ?? 0, message: job?.message ?? null,
      batches: batches.rows.length, lines,
      lost: loaded ? 0 : 1,
      twice: batches.rows.length > 1 || lines > importFile.lines ? 1 : 0,
      bossJobs: boss.rows.map((r) => `${r.n} ${r.state}`).join(', '),
    };
  } finally {
    await db.end();
  }
}

async function jobOutcome(url: string, imageIds: number[], until: number) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    let pending = imageIds.length;
    while (pending > 0 && Date.now() < until) {
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from invoice_images where id = any($1) and ocr_status = 'pending'`, [imageIds]);
      pending = rows[0]!.n;
      if (pending > 0) await sleep(1000);
    }
    // pg-boss may complete a second job for an image (the restarted worker queues every image
    // still pending): that job finds the image read and does nothing. What counts is the runs of
    // the OCR itself, counted on the image before each begins.
    const duplicates = await db.query<{ n: number }>(`select count(*)::int as n from (
        select data->>'imageId' from (select name, data, state from pgboss.job union all select name, data, state from pgboss.archive) j
        where name = 'invoice-ocr' and state = 'completed' and (data->>'imageId')::int = any($1)
        group by 1 having count(*) > 1) t`, [imageIds]);
    const runs = await db.query<{ n: number }>('select coalesce(sum(ocr_attempts), 0)::int as n from invoice_images where id = any($1)', [imageIds]);
    // Runs a kill cut short: pg-boss jobs that began and never completed (still active, or expired
    // since). Any kill counts, the import's too: the worker it kills may be reading an image.
    const cutShort = await db.query<{ n: number }>(`select count(*)::int as n from (
        select name, data, state, started_on from pgboss.job union all select name, data, state, started_on from pgboss.archive) j
        where name = 'invoice-ocr' and started_on is not null and state <> 'completed' and (data->>'imageId')::int = any($1)`, [imageIds]);
    return { lost: pending, runs: runs.rows[0]!.n, cutShort: cutShort.rows[0]!.n, bossDuplicates: duplicates.rows[0]!.n };
  } finally {
    await db.end();
  }
}

const opts = readOptions();
const cluster = await startCluster(opts).catch(() => process.exit(1));
process.once('SIGINT', () => void cluster.stop().then(() => process.exit(130)));
let code = 1;
try {
  const primaryUrl = databaseUrl(opts.primaryPort);
  const users = await Promise.all(LOAD_USERS.map((email) => logIn(cluster.url, email)));
  const admin = await adminToken(cluster.url);
  let importFile: ImportFile | null = null;
  if (cluster.workers.length > 0 && IMPORT_LINES > 0) {
    const t = Date.now();
    importFile = await writeImportFile(primaryUrl);
    log(`import file: ${importFile.lines.toLocaleString('en-US')} lines, ${(fs.statSync(importFile.file).size / 1e6).toFixed(1)} MB in ${((Date.now() - t) / 1000).toFixed(1)} s (${importFile.file})`);
  }
  const probe = healthProbe(cluster.url);
  const seen: Seen = { imageIds: [], events: [], inFlightAtKill: 0, underLoad: 0, importKill: { jobId: null, killed: 'none', stage: null, rowsRead: 0 }, primaryKills: [] };
  log(`varied mix, ${CONNECTIONS} readers and ${WRITERS} writers for ${SECONDS} s through ${cluster.url}`);
  const reads = newTally();
  const writes = newTally();
  const acked: { text: string; at: number }[] = [];
  const runId = Date.now().toString(36);
  const adminHeaders = { authorization: admin, 'content-type': 'application/json' };
  const loadStart = Date.now();
  const loadEnd = loadStart + SECONDS * 1000;
  const reader = async () => {
    while (Date.now() < loadEnd) count(reads, await portalFetch(cluster.url, variedRequest(users).request));
  };
  // One announcement after another per writer, as an admin would: each text written once.
  const writer = async (w: number) => {
    for (let i = 0; Date.now() < loadEnd; i++) {
      const text = `${WRITE_PREFIX} ${runId} ${w}-${i}`;
      const answer = await portalFetch(cluster.url, { method: 'POST', path: '/api/announcement', headers: adminHeaders, body: JSON.stringify({ text }) }, { write: true });
      if (count(writes, answer)) acked.push({ text, at: Date.now() });
      await sleep(100);
    }
  };
  await Promise.all([
    ...Array.from({ length: CONNECTIONS }, reader),
    ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
    faults(cluster, cluster.url, users[0]!, admin, importFile, seen, primaryUrl),
  ]);
  const writeGapMs = longestGap(acked.map((a) => a.at), loadStart, loadEnd);
  const health = await probe.stop();
  const until = Date.now() + JOB_WAIT_SECONDS * 1000;
  log(`waiting up to ${JOB_WAIT_SECONDS} s for the ${seen.imageIds.length} OCR jobs${seen.importKill.jobId !== null ? ' and the import' : ''}…`);
  const jobs = seen.imageIds.length ? await jobOutcome(primaryUrl, seen.imageIds, until) : { lost: 0, runs: 0, cutShort: 0, bossDuplicates: 0 };
  const imported = seen.importKill.jobId !== null && importFile
    ? await importOutcome(primaryUrl, seen.importKill.jobId, importFile, until)
    : null;
  // Runs beyond one per image, less the runs a kill cut short (a worker reads one image at a time,
  // batchSize 1: each cut-short run is one pg-boss job that began and never completed).
  const twice = Math.max(0, jobs.runs - seen.imageIds.length - jobs.cutShort);
  const imports = imported ? 1 : 0;
  const importsLost = imported?.lost ?? 0;
  const importsTwice = imported?.twice ?? 0;
  const written = await writeOutcome(primaryUrl, acked.map((a) => a.text), runId);
  const requests = reads.requests + writes.requests;
  const failed = reads.failed + writes.failed;
  const latencies = [...reads.latencies, ...writes.latencies];
  const noAnswer = (reads.failures['no answer'] ?? 0) + (writes.failures['no answer'] ?? 0);
  const failures = Object.entries({ ...reads.failures }).map(([k, n]) => `${n} × ${k}`).join(', ');
  for (const e of seen.events) log(`  ${e}`);
  log(`${requests} requests (${reads.requests} reads, ${writes.requests} writes), ${failed} failed (reads ${reads.failed}${failures ? `: ${failures}` : ''}; ` +
    `writes ${writes.failed}${writes.failed ? `: ${Object.entries(writes.failures).map(([k, n]) => `${n} × ${k}`).join(', ')}` : ''}); ` +
    `${reads.retried + writes.retried} answered after a retry; p50 ${quantile(latencies, 0.5)} ms, p97.5 ${quantile(latencies, 0.975)} ms; ` +
    `writes acknowledged ${acked.length}, lost ${written.lost.length}${written.lost.length ? ` (${written.lost.slice(0, 5).join(', ')}…)` : ''}, in twice ${written.twice}; ` +
    `longest write gap ${(writeGapMs / 1000).toFixed(1)} s; ` +
    `longest health gap ${health.longestGapMs} ms; OCR jobs ${seen.imageIds.length}: lost ${jobs.lost}, done twice ${twice} ` +
    `(${jobs.runs} runs, ${jobs.cutShort} cut short by a kill, ${seen.inFlightAtKill} in flight at the OCR kill; ${jobs.bossDuplicates} images with more than one completed pg-boss job)`);
  if (imported) {
    log(`import job ${seen.importKill.jobId}: killed ${seen.importKill.killed}; ended ${imported.status} after ${imported.attempts} runs` +
      `${imported.message ? ` (${imported.message})` : ''}; ${imported.batches} batches and ${imported.lines.toLocaleString('en-US')} lines for its SHA-256 ` +
      `(the file holds ${importFile!.lines.toLocaleString('en-US')}); pg-boss jobs: ${imported.bossJobs || 'none'}; lost ${importsLost}, done twice ${importsTwice}`);
  }
  await cluster.stop();
  if (importFile) fs.rmSync(path.dirname(importFile.file), { recursive: true, force: true });
  console.log(JSON.stringify({
    nodes: cluster.api.length, workers: cluster.workers.length, connections: CONNECTIONS, seconds: SECONDS,
    requests, failed, non2xx: failed - noAnswer, errors: noAnswer, failed_reads: reads.failed, failed_writes: writes.failed,
    retried: reads.retried + writes.retried, p50_ms: quantile(latencies, 0.5), p97_5_ms: quantile(latencies, 0.975),
    kills: seen.primaryKills.length, kill_mode: KILL_MODE, primary_killed: seen.primaryKills.map((k) => k.node).join(', ') || null,
    promoted: seen.primaryKills.map((k) => k.promoted),
    promoted_after_ms: seen.primaryKills.map((k) => k.promotedMs), formation_whole_after_ms: seen.primaryKills.map((k) => k.readyMs),
    writes: writes.requests, writes_acknowledged: acked.length, writes_lost: written.lost.length, writes_twice: written.twice,
    write_gap_s: Number((writeGapMs / 1000).toFixed(1)),
    jobs: seen.imageIds.length + imports, jobs_lost: jobs.lost + importsLost, jobs_twice: twice + importsTwice,
    ocr_jobs: seen.imageIds.length, ocr_lost: jobs.lost, ocr_twice: twice, ocr_runs: jobs.runs, ocr_cut_short: jobs.cutShort, in_flight_at_kill: seen.inFlightAtKill, boss_empty_duplicates: jobs.bossDuplicates,
    imports, imports_lost: importsLost, imports_twice: importsTwice, import_lines: importFile?.lines ?? 0,
    import_killed: seen.importKill.killed, import_stage_at_kill: seen.importKill.stage, import_rows_read_at_kill: seen.importKill.rowsRead,
    import_status: imported?.status ?? null, import_runs: imported?.attempts ?? 0, import_batches: imported?.batches ?? 0, import_lines_in: imported?.lines ?? 0,
    longest_health_gap_ms: health.longestGapMs, events: seen.events.length, events_under_load: seen.underLoad,
  }));
  // Writes may fail while no node takes them (the client gives up after ~1.5 s, a failover takes
  // ~16 s): what counts is that none acknowledged is lost and the gap stays short.
  code = reads.failed === 0 && jobs.lost + importsLost === 0 && twice + importsTwice === 0
    && written.lost.length === 0 && written.twice === 0 && writeGapMs <= 30_000 ? 0 : 1;
} catch (err) {
  log(`failed: ${(err as Error).stack ?? err}`);
  await cluster.stop();
}
process.exit(code);
