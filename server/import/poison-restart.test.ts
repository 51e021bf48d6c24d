// The attack's aftermath, end to end on the real server: it is killed (SIGKILL, node alone, as when
// it ran out of memory) with a poison job in the queue. Its postgres must stop with it, the next
// start must be clean, a job that already cost three runs is stopped and shown failed, and the
// attack's workbook, run again, is refused in its worker while the server goes on answering. Both
// uploads are freed from the upload store, and nothing is left in the server's DATA_DIR.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../src/model/purchase-import.ts';
import { freePort, killGroup, startServer } from '../testing/server-process.ts';
import { NOTHING_STORED, uploadsLeft } from '../testing/uploads-left.ts';
import { BOMBS, writeWorkbook } from '../testing/workbook-bombs.ts';
import { FILE_LIMITS, REFUSALS } from '../uploads/file-limits.ts';
import { writeUpload } from '../uploads/upload-store.ts';
import { IMPORT_ATTEMPTS, STOPPED_MESSAGE } from './import-queue.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-poison-'));
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-poison-files-'));
let server: ChildProcess | null = null;
afterAll(() => {
  if (server?.pid) killGroup(server, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(files, { recursive: true, force: true });
});
const database = () => {
  const pgPort = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  return new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/portal` });
};

const running = (pid: number) => fs.promises.readFile(`/proc/${pid}/stat`, 'utf8').then((s) => s.split(') ')[1]![0] !== 'Z', () => false);

describe('a server killed with a poison job queued', () => {
  it('leaves no postgres running, starts cleanly, stops the poison job and refuses the bomb again without dying', { timeout: 300_000 }, async () => {
    const port = await freePort();
    server = await startServer(port, dataDir);
    const [postmaster] = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    const spent = path.join(files, 'spent.xlsx');
    const bomb = path.join(files, 'bomb.xlsx');
    await writeWorkbook(spent, BOMBS.sharedStrings(10));
    await writeWorkbook(bomb, BOMBS.sharedStrings(5_000_000)); // the attack's 5-million-entry file
    const db = database();
    await db.connect();
    const job = async (name: string, file: string, attempts: number) => {
      await db.query('begin');
      const upload = await writeUpload(db, name, fs.createReadStream(file));
      const { rows: [row] } = await db.query(
        `insert into import_jobs (file_name, upload_id, created_by, status, attempts, stage)
         select $1, $2, id, 'running', $3, 'reading rows' from users where email = 'admin@portal.test' returning id`, [name, upload.id, attempts]);
      await db.query('commit');
      return row.id as number;
    };
    // As the attack left them: one job that has crashed the server three times, one that just did.
    const spentId = await job('spent.xlsx', spent, IMPORT_ATTEMPTS);
    const bombId = await job('bomb.xlsx', bomb, 1);
    await db.end();

    process.kill(server.pid!, 'SIGKILL'); // node alone: no exit hook of the server runs
    await expect.poll(() => running(Number(postmaster)), { timeout: 15_000, interval: 100 }).toBe(false);

    server = await startServer(port, dataDir);
    const base = `http://127.0.0.1:${port}/api`;
    const { authKey } = await (await fetch(`${base}/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@portal.test', password: 'portal-demo' }),
    })).json() as { authKey: string };
    const imports = async () => (await (await fetch(`${base}/admin/imports`, { headers: { authorization: `Bearer ${authKey}` } })).json()) as ImportJob[];
    const find = async (id: number) => (await imports()).find((j) => j.id === id)!;

    expect(await find(spentId)).toMatchObject({ status: 'failed', message: STOPPED_MESSAGE(IMPORT_ATTEMPTS, 'reading rows') });
    await expect.poll(async () => (await find(bombId)).status, { timeout: 60_000, interval: 250 }).toBe('failed');
    expect((await find(bombId)).message).toBe(`Nothing was loaded (after 2 runs): ${REFUSALS.sharedStrings(FILE_LIMITS)}`);
    expect((await fetch(`${base}/health`)).ok).toBe(true);
    const after = database();
    await after.connect();
    expect(await uploadsLeft(after)).toEqual(NOTHING_STORED);
    await after.end();
    expect(fs.existsSync(path.join(dataDir, 'imports'))).toBe(false);

    killGroup(server, 'SIGTERM');
    await new Promise<void>((resolve) => server!.once('exit', () => resolve()));
    server = null;
  });
});
