// Nothing lost when the server dies: the real server (and its embedded PostgreSQL, same process
// group) is killed with SIGKILL while invites, feedback and invoice uploads are being written.
// After a restart on the same DATA_DIR, every write the server acknowledged is there, whole,
// and no half-written one is (an invited user without the link, an invoice without its image).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killGroup as kill, startServer } from '../testing/server-process.ts';
import { startEmbeddedPostgres } from './embedded.ts';

const PNG = fs.readFileSync(path.resolve('tests/fixtures/invoices/invoice-01-a-clean.png'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
let server: ChildProcess | null = null;

/** The embedded postmaster's pid (its postmaster.pid), and whether a pid still runs (a zombie does not). */
const postmaster = () => Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const running = (pid: number) => fs.promises.readFile(`/proc/${pid}/stat`, 'utf8').then((s) => s.split(') ')[1]![0] !== 'Z', () => false);
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

afterAll(() => {
  if (server?.pid) kill(server, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed mid-write', () => {
  it('keeps every acknowledged invite, feedback and invoice, and nothing half-written', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    server = await startServer(port, dataDir);
    let pgPid = postmaster();
    const login = await (await fetch(`${base}/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'leader@harbor.test', password: 'portal-demo' }),
    })).json() as { authKey: string };
    const auth = { authorization: `Bearer ${login.authKey}` };
    const { rows } = await (await fetch(`${base}/rebate-deviation?page=1`, { headers: auth })).json() as { rows: { min: string }[] };
    const [a, b] = [rows[0]!.min, rows[1]!.min];

    const acked = { invites: [] as string[], feedback: [] as number[], invoices: [] as number[] };
    let n = 0;
    const json = (body: unknown) => ({ method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const writes = [
      async () => {
        const email = `crash-invitee-${++n}@harbor.test`;
        const res = await fetch(`${base}/user/invite`, json({ contactName: 'Crash Invitee', email, title: 'Distributor Rep', displayPaymentInfo: false,
          displayIntel: false, displayInvoice: false, isMultiHouse: false, siteUrl: `http://127.0.0.1:${port}`, locations: [] }));
        if (res.ok) acked.invites.push(email);
      },
      async () => {
        const res = await fetch(`${base}/match/feedback`, json({ min: a, badMatchMin: b, comment: `crash ${++n}` }));
        if (res.ok) acked.feedback.push(((await res.json()) as { id: number }).id);
      },
      async () => {
        const form = new FormData();
        form.append('description', `Crash upload ${++n}`);
        form.append('merchant', 'Blue Anchor Grill');
        form.append('imageFile', new Blob([PNG], { type: 'image/png' }), 'crash.png');
        const res = await fetch(`${base}/invoice`, { method: 'POST', headers: auth, body: form });
        if (res.ok) acked.invoices.push(((await res.json()) as { id: number }).id);
      },
    ];
    // Four writers go on until the server is gone; it dies once some of each kind are acknowledged.
    let dead = false;
    const writer = async (k: number) => {
      for (let i = k; !dead; i++) await writes[i % writes.length]!().catch(() => undefined);
    };
    const writers = [0, 1, 2, 3].map(writer);
    await expect.poll(() => acked.invites.length >= 3 && acked.feedback.length >= 3 && acked.invoices.length >= 2, { timeout: 120_000, interval: 20 }).toBe(true);
    kill(server, 'SIGKILL');
    dead = true;
    await Promise.all(writers);
    console.log(`killed after ${acked.invites.length} invites, ${acked.feedback.length} feedback, ${acked.invoices.length} invoices acknowledged`);
    // Restart only once node and its postgres are both gone.
    await exited(server);
    await expect.poll(() => running(pgPid), { timeout: 15_000, interval: 50 }).toBe(false);

    // The restart recovers the cluster (crash recovery) and runs; then read the tables directly.
    server = await startServer(port, dataDir);
    pgPid = postmaster();
    kill(server, 'SIGTERM');
    await exited(server);
    await expect.poll(() => running(pgPid), { timeout: 15_000, interval: 50 }).toBe(false); // the server's postgres stops after node
    const db = await startEmbeddedPostgres(dataDir);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const q = async (sql: string, args: unknown[] = []) => (await client.query(sql, args)).rows;
      const invited = await q(
        `select u.email, count(t.*)::int as links from users u left join account_tokens t on t.user_id = u.id
          where u.email like 'crash-invitee-%' group by u.email`);
      expect(invited.map((r) => r.email)).toEqual(expect.arrayContaining(acked.invites));
      expect(invited.filter((r) => r.links === 0)).toEqual([]);
      const feedback = await q('select id from match_feedback where id = any($1)', [acked.feedback]);
      expect(feedback).toHaveLength(acked.feedback.length);
      const invoices = await q(
        `select i.id, count(g.*)::int as images, min(length(g.data))::int as bytes from invoices i
           left join invoice_images g on g.invoice_id = i.id where i.description like 'Crash upload %' group by i.id`);
      expect(invoices.map((r) => r.id)).toEqual(expect.arrayContaining(acked.invoices));
      expect(invoices.filter((r) => r.images === 0 || r.bytes !== PNG.length)).toEqual([]);
    } finally {
      await client.end();
      await db.stop();
    }
  });
});
