import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

describe('embedded PostgreSQL', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-embedded-test-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('refuses a second start on a data directory in use, and starts again after stop', { timeout: 120_000 }, async () => {
    const first = await startEmbeddedPostgres(dir);
    try {
      await expect(startEmbeddedPostgres(dir)).rejects.toThrow(
        `Another portal server is already using DATA_DIR ${path.resolve(dir)} (pid ${process.pid}). Stop it first or set DATA_DIR to another folder.`,
      );
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query('create table kept (n int); insert into kept values (42)');
      // An acknowledged write is on disk: neither durability setting is turned off for speed.
      const setting = async (name: string) => (await client.query<{ setting: string }>('select setting from pg_settings where name = $1', [name])).rows[0]!.setting;
      expect([await setting('fsync'), await setting('synchronous_commit')]).toEqual(['on', 'on']);
      await client.end();
    } finally {
      await first.stop();
    }
    await expect(fs.stat(path.join(dir, 'portal.lock'))).rejects.toThrow();

    // A lock and a postmaster.pid left by a dead process do not block the next start.
    await fs.writeFile(path.join(dir, 'portal.lock'), '999999\n');
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    await fs.writeFile(pidFile, '999999\n');
    const again = await startEmbeddedPostgres(dir);
    try {
      const client = new pg.Client({ connectionString: again.url });
      await client.connect();
      expect((await client.query('select n from kept')).rows).toEqual([{ n: 42 }]);
      await client.end();
    } finally {
      await again.stop();
    }

    // Nor does a lock whose owner was killed but not reaped yet (a zombie: kill(pid, 0) still
    // answers), as when a crashed server's parent is gone too.
    // The child ends after the shell has become `sleep 30`, which never reaps it: `sleep 0` could be
    // reaped by the shell itself before its exec.
    const parent = spawn('sh', ['-c', '(sleep 0.5) & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number((await once(parent.stdout!, 'data'))[0].toString());
      await expect.poll(() => fs.readFile(`/proc/${zombie}/stat`, 'utf8').then((s) => s.split(') ')[1]![0]), { timeout: 10_000 }).toBe('Z');
      await fs.writeFile(path.join(dir, 'portal.lock'), `${zombie}\n`);
      const third = await startEmbeddedPostgres(dir);
      await third.stop();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('never outlives a server that is killed: its postmaster stops, and the next start is clean', { timeout: 120_000 }, async () => {
    // A server holding the cluster, killed with SIGKILL alone (its postgres is not signalled): no exit hook can run.
    const code = `const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve('server/db/embedded.ts'))});
      await startEmbeddedPostgres(${JSON.stringify(dir)}); console.log('ready'); setInterval(() => {}, 1000);`;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(server.stdout!, 'data');
    const postmaster = Number((await fs.readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const running = () => fs.readFile(`/proc/${postmaster}/stat`, 'utf8').then((s) => s.split(') ')[1]![0] !== 'Z', () => false);
    expect(await running()).toBe(true);
    server.kill('SIGKILL');
    await expect.poll(running, { timeout: 15_000, interval: 100 }).toBe(false);
    const next = await startEmbeddedPostgres(dir);
    await next.stop();
  });
});
