import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './scripts/testing/slow-first-sequencer.ts';

// Three layers (`vitest run --project unit|server|system`; `vitest run` runs all three):
// - unit: no database, no process started; 10 s a test, run first on both cores.
// - server: a database each (server/testing/databases.ts) on the global setup's embedded PostgreSQL
//   (and TEST_DATABASE_URL when set).
// - system: real servers started and killed, OCR, minutes-long budgets.
// server and system share one group and its workers: their files mostly wait on PostgreSQL and on
// the processes they start, so a third worker on two cores keeps both busy. The one file that
// measures latency (a health check's p99 while 500 clients trickle) runs last, alone, as
// system-quiet.

/** Tests that start processes, kill servers, run OCR or need minutes. */
const system = [
  'server/api-processes.test.ts',
  'server/db/durability.test.ts',
  'server/db/embedded.test.ts',
  'server/import/import.test.ts',
  'server/import/poison-restart.test.ts',
  'server/invoices/orientation.test.ts',
  'server/invoices/pipeline-fixtures.test.ts',
  'server/invoices/reader-process.test.ts',
  'server/routes/heavy-documents.test.ts',
  'server/routes/invoice-review.test.ts',
  'server/routes/invoices.test.ts',
  'server/security/fuzz.test.ts',
  'server/security/nodes-share-uploads.test.ts',
  'server/uploads/workbook-limits.test.ts',
  // Pure computation, but every machine's paths: over 10 s on a loaded 2-core machine.
  'tests/unit/machine-catalogue.test.ts',
];

/** Tests whose assertions are timings: run when nothing else runs. */
const quiet = ['server/security/slow-clients.test.ts'];

/** server/ tests that need no database and start no process. */
const serverUnit = [
  'server/auth/gate.test.ts',
  'server/auth/tokens.test.ts',
  'server/config.test.ts',
  'server/dashboard/answer-cache.test.ts',
  'server/dashboard/index-file.test.ts',
  'server/dashboard/lost-index-sums.test.ts',
  'server/dashboard/radix-order.test.ts',
  'server/db/fresh-read.test.ts',
  'server/db/unavailable.test.ts',
  'server/digest/periods.test.ts',
  'server/documents/pay-no-pay.test.ts',
  'server/http/client-gone.test.ts',
  'server/http/compression.test.ts',
  'server/policies/policies.test.ts',
  'server/http/json-schema.test.ts',
  'server/http/shutdown-grace.test.ts',
  'server/import/reject-file.test.ts',
  'server/invoices/deskew.test.ts',
  'server/invoices/images.test.ts',
  'server/invoices/layout/parse-layout.test.ts',
  'server/mail/mailer.test.ts',
  'server/mail/site-url.test.ts',
  'server/repositories/dashboard-range.test.ts',
  'server/spa.test.ts',
  'server/uploads/csv-bounds.test.ts',
  'server/uploads/xml-scan.test.ts',
  'server/workers/port-stream.test.ts',
];

// Embedded PostgreSQL for the project's run; each test file makes its own databases in it.
const globalSetup = ['server/testing/global-setup.ts'];

/** Database and system test files side by side, each on its own cloned database. */
const SERVER_WORKERS = 3;

export default defineConfig({
  test: {
    environment: 'node',
    // The longest database files first (a fresh clone has no timings of its own).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'scripts/**/*.test.ts', ...serverUnit],
          exclude: system,
          testTimeout: 10_000,
          maxWorkers: 2,
          // One module graph per worker instead of one per file: importing xstate, rxjs, io-ts and
          // the machines again for each of 125 files was three quarters of the layer (287 s → 69 s,
          // 2026-11-29). No unit test mocks modules or keeps state between files.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...system, ...serverUnit, ...quiet],
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: SERVER_WORKERS,
          // As in unit: one module graph per worker. Each file still gets its own database and app;
          // the system files, which start and kill processes, stay isolated.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: system,
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: SERVER_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'system-quiet',
          include: quiet,
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
