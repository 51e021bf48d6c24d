// Builds the seeded data folder every worker's server copies (portal-data.ts), once per run:
// migrating and seeding take longer than copying the folder.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dataRoot, portalEnv, TEMPLATE } from './portal-data.ts';

export default function globalSetup() {
  const template = path.join(dataRoot(), TEMPLATE);
  fs.rmSync(template, { recursive: true, force: true });
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/testing/prepare-data.ts'], {
    env: portalEnv(template),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
