// npm run fuzz -- --runs N [--seed S]: the route fuzz of server/security/fuzz.test.ts, longer.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' }, seed: { type: 'string' } } });
const result = spawnSync('npx', ['vitest', 'run', 'server/security/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: values.runs, ...(values.seed ? { FUZZ_SEED: values.seed } : {}) },
});
process.exit(result.status ?? 1);
