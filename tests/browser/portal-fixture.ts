// Each Playwright worker tests a portal server of its own, on a copy of one seeded data folder
// (portal-data.ts), so no test meets another worker's writes or waits behind its imports and PDFs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { MAIL_CAPTURE_SMTP_PORT, workerPort } from './ports.ts';
import { dataRoot, portalEnv, TEMPLATE } from './portal-data.ts';
import { serverArgs } from '../../scripts/server-command.ts';

interface Portal {
  url: string;
}

async function healthy(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The portal server stopped (exit ${server.exitCode}):\n${output()}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The portal server did not answer /api/health at ${url} within 120 s:\n${output()}`);
}

const stopped = (server: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

export const test = base.extend<{}, { portal: Portal | null }>({
  portal: [
    async ({}, use, workerInfo) => {
      // The maintenance project tests the server its config starts with MAINTENANCE=1.
      if (workerInfo.project.name !== 'main') return use(null);
      const port = workerPort(workerInfo.parallelIndex);
      const url = `http://127.0.0.1:${port}`;
      const dataDir = path.join(dataRoot(), `worker-${workerInfo.workerIndex}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      // -a keeps the owner: as root, the embedded PostgreSQL runs as the postgres user.
      execFileSync('cp', ['-a', path.join(dataRoot(), TEMPLATE), dataDir]);
      let output = '';
      const server = spawn(process.execPath, serverArgs(), {
        env: portalEnv(dataDir, {
          PORT: String(port),
          SMTP_URL: `smtp://127.0.0.1:${MAIL_CAPTURE_SMTP_PORT}`,
          PUBLIC_URL: url,
        }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      server.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
      try {
        await healthy(url, server, () => output);
        await use({ url });
      } finally {
        await stopped(server);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ portal, baseURL }, use) => use(portal?.url ?? baseURL),
});
