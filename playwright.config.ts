import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { dataRoot, portalEnv } from './tests/browser/portal-data.ts';
import { MAIL_CAPTURE_HTTP_PORT, MAIL_CAPTURE_SMTP_PORT, MAINTENANCE_PORT } from './tests/browser/ports.ts';
import { DEFAULT_RESULTS } from './tests/paths/cli-options.ts';
import { serverArgs } from './scripts/server-command.ts';

/**
 * Debian's headless shell (package chromium-headless-shell, the "old headless" Playwright itself
 * uses by default) when installed: the same Blink, without the full browser's UI process and GPU
 * compositing work, a third less CPU per test here (2026-11-29). Otherwise the full Chromium.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPath = () => (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Each run starts from the same seeded data: global setup builds it, each worker's server copies it
// (tests/browser/portal-fixture.ts). The maintenance server needs no seed of its own to refuse.
const DATA_ROOT = dataRoot();
// The config is evaluated again in each worker; pinning the run id keeps one value per run.
if (!process.env.PORTAL_TEST_RUN) {
  fs.rmSync(DATA_ROOT, { recursive: true, force: true });
  process.env.PORTAL_TEST_RUN = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The maintenance server, the compiled one on the built `dist/` (npm test builds both before this). */
function maintenanceServer() {
  return {
    command: `node ${serverArgs().join(' ')}`,
    url: `http://127.0.0.1:${MAINTENANCE_PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: portalEnv(path.join(DATA_ROOT, `maintenance-${process.env.PORTAL_TEST_RUN}`), { PORT: String(MAINTENANCE_PORT), MAINTENANCE: '1' }),
  };
}

export default defineConfig({
  testDir: 'tests/browser',
  // A flow test walks several screens and runs axe at each screenshot (1–2 s on a long table, 5–7 s
  // on a busy machine); on 2 cores shared by two workers and their Chromiums the longest took 35–60 s
  // on fresh clones, so 30 s and then 60 s failed them.
  timeout: 90_000,
  // Each worker has a server of its own (tests/browser/portal-fixture.ts); the answer a test waits
  // for is rendered state (aria-busy, a row, a message), never fixed time.
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Three, with the browser layer alone on the machine (scripts/testing/suite.ts): 229 tests in
  // 686 s with the headless shell, four fifths of both cores busy (2026-11-29). Beside the server
  // layer, three workers' first screens after a login took over 10 s.
  workers: 3,
  // A test that fails once is fixed, not retried: `npm run test:repeat -- 5` finds the ones that do.
  retries: 0,
  globalSetup: './tests/browser/global-setup.ts',
  // The JSON report of the last run is what `npm run paths -- --format junit` turns into JUnit XML per model path.
  reporter: [[process.env.CI ? 'line' : 'list'], ['./tests/browser/failure-summary.ts'], ['json', { outputFile: DEFAULT_RESULTS }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // A click the page can never take (an overlay over the button) fails in 15 s with Playwright's
    // reason, not at the test's 90 s.
    actionTimeout: 15_000,
    // Recording a trace for every test (to keep it on failure) cost about a fifth of the layer's
    // time; a failure is reported with its error context and page snapshot (failure-summary.ts).
    trace: 'off',
  },
  webServer: [
    {
      command: 'npx tsx tests/browser/mail-capture-server.ts',
      url: `http://127.0.0.1:${MAIL_CAPTURE_HTTP_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(MAIL_CAPTURE_SMTP_PORT), HTTP_PORT: String(MAIL_CAPTURE_HTTP_PORT) },
    },
    maintenanceServer(),
  ],
  projects: [
    {
      name: 'main',
      testIgnore: /maintenance\.spec\.ts/,
      // baseURL: the worker's own server (portal-fixture.ts).
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'maintenance',
      testMatch: /maintenance\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${MAINTENANCE_PORT}` },
    },
  ],
});
