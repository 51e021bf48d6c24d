// `npm start` as users run it: several API processes on one port (server/api-processes.ts), on an
// embedded PostgreSQL of its own. A process that dies is replaced while the others answer; a
// start that cannot listen fails with its reason instead of trying again for ever.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killGroup, startServer } from './testing/server-process.ts';

/** The API processes of a server: the primary's children running node (not its postgres). */
const apiProcesses = (primary: number) =>
  fs.readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim().split(/\s+/).map(Number)
    .filter((pid) => pid > 0 && !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres'));

describe('API processes sharing a port', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-processes-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server) killGroup(server, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from two processes, and one killed is replaced while the other answers', { timeout: 120_000 }, async () => {
    const port = await freePort();
    server = await startServer(port, path.join(dataDir, 'a'), { API_PROCESSES: '2' });
    const health = () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0);
    const [first, second] = apiProcesses(server.pid!);
    expect(second).toBeDefined();
    process.kill(first!, 'SIGKILL');
    // The other process answers meanwhile; a new one takes the place of the killed one.
    for (let i = 0; i < 10; i++) expect(await health()).toBe(200);
    await expect.poll(() => apiProcesses(server!.pid!).filter((pid) => pid !== first).length, { timeout: 60_000 }).toBe(2);
    expect(await health()).toBe(200);
    killGroup(server, 'SIGTERM');
  });

  it('a port already taken fails the start with its reason, and leaves no postgres behind', { timeout: 120_000 }, async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'b'), API_PROCESSES: '2', SEED_MERCHANTS: '20', SEED_MONTHS: '2', LOG_LEVEL: 'error', SMTP_URL: '' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('EADDRINUSE');
      expect(stderr).toMatch(/API process \d stopped before it listened/);
      expect(fs.existsSync(path.join(dataDir, 'b', 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      taken.close();
    }
  });
});
