// The data folders of one browser-test run: a seeded template built once in global setup, copied
// for each worker's server (portal-fixture.ts). The root is named by port: only a run on the same
// ports can own it, so clearing it never hits another run.
import path from 'node:path';
import { MAIN_PORT } from './ports.ts';

export const TEMPLATE = 'template';

export const dataRoot = () => path.resolve('.test-data', String(MAIN_PORT));

/** The environment of a portal server under test: small demo data, one API process, few logs. */
export const portalEnv = (dataDir: string, extra: Record<string, string> = {}): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  DATA_DIR: dataDir,
  SEED_MERCHANTS: '40',
  SEED_MONTHS: '2',
  LOG_LEVEL: 'warn',
  API_PROCESSES: '1',
  ...extra,
});
