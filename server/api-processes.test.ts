// `npm start` as users run it: several API processes on one port (server/api-processes.ts), on an
// embedded PostgreSQL of its own. A process that dies is replaced while the others answer; a
// start that cannot listen fails with its reason instead of trying again for ever.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killGroup, startServer } from './testing/server-process.ts';

/** The API processes of a server: the primary's children running server/main (not its postgres, nor the documents' pool). */
const apiProcesses = (primary: number) =>
  fs.readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim().split(/\s+/).map(Number)
    .filter((pid) => pid > 0 && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/main'));

const UNANSWERED = -1;

/**
 * /api/health asked on a new connection each time (no keep-alive), by 8 clients at once for `ms`:
 * each answer's status, 0 for a connection that failed, UNANSWERED for one with no answer in 2 s.
 */
async function newConnections(port: number, ms: number): Promise<number[]> {
  const ask = () => new Promise<number>((resolve) => {
    http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    }).on('error', () => resolve(0)).on('timeout', function (this: http.ClientRequest) {
      resolve(UNANSWERED);
      this.destroy();
    });
  });
  const statuses: number[] = [];
  const until = Date.now() + ms;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (Date.now() < until) statuses.push(await ask());
  }));
  return statuses;
}

describe('API processes sharing a port', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-processes-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server) killGroup(server, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from two processes sharing one index file, and one killed is replaced (mapping it) while the other answers', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const indexDir = path.join(dataDir, 'a', 'index');
    server = await startServer(port, path.join(dataDir, 'a'), { API_PROCESSES: '2', API_SPARE: '0' });
    const health = () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0);
    const indexFiles = () => (fs.existsSync(indexDir) ? fs.readdirSync(indexDir).filter((f) => f.endsWith('.idx')) : []);
    /** The processes that map the index file: one copy of the index in memory, whichever process built it. */
    const mapping = (file: string) => apiProcesses(server!.pid!).filter((pid) => fs.readFileSync(`/proc/${pid}/maps`, 'utf8').includes(path.join(indexDir, file)));
    await expect.poll(indexFiles, { timeout: 60_000 }).toHaveLength(1);
    const [file] = indexFiles();
    const [first, second] = apiProcesses(server.pid!);
    expect(second).toBeDefined();
    await expect.poll(() => mapping(file!).sort(), { timeout: 30_000 }).toEqual([first, second].sort());
    // New connections arrive all through the death: none may be left unanswered (a browser would
    // wait on it for good). One the killed process had accepted fails at once; the rest answer.
    const during = newConnections(port, 4_000);
    await new Promise((r) => setTimeout(r, 500));
    process.kill(first!, 'SIGKILL');
    const statuses = await during;
    expect(statuses.filter((status) => status === UNANSWERED)).toEqual([]);
    expect(statuses.slice(-20)).toEqual(Array(20).fill(200));
    // A new process takes the killed one's place, mapping the file the first two share.
    await expect.poll(() => apiProcesses(server!.pid!).filter((pid) => pid !== first).length, { timeout: 60_000 }).toBe(2);
    await expect.poll(() => mapping(file!).length, { timeout: 30_000 }).toBe(2);
    expect(indexFiles()).toEqual([file]);
    await expect.poll(health, { timeout: 10_000, interval: 100 }).toBe(200);
    killGroup(server, 'SIGTERM');
  });

  it('a warm spare takes a killed process\'s place at once: killed one after the other, both leave one answering', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'c'), API_PROCESSES: '2', SEED_MERCHANTS: '20', SEED_MONTHS: '2', LOG_LEVEL: 'error', SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    server = child;
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    await expect.poll(() => stdout.includes('API spare ready'), { timeout: 150_000, interval: 250 }).toBe(true);
    const isSpare = (pid: number) => fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes('PORTAL_SPARE=1');
    const serving = apiProcesses(child.pid!).filter((pid) => !isSpare(pid));
    expect(serving).toHaveLength(2);
    // 1 s each: a connection nobody takes while no process listens fails instead of waiting.
    const health = () => fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.status, () => 0);
    process.kill(serving[0]!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    process.kill(serving[1]!, 'SIGKILL');
    // A new process needs seconds to load and build its indexes; the spare only has to listen.
    await expect.poll(health, { timeout: 4_000, interval: 50 }).toBe(200);
    killGroup(child, 'SIGTERM');
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
