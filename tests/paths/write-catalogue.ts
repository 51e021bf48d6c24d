import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MACHINES } from '../../src/machines/registry.ts';
import { browserReplays } from './browser-replays.ts';
import { catalogueFiles, PATHS_DIR, pathInWords } from './catalogue-docs.ts';
import { cataloguePaths, endState } from './catalogue-paths.ts';

/**
 * `npm run paths`: writes docs/machine-paths.md and docs/paths/<machine>.{md,json,html}.
 * `npm run paths -- --machine NAME [--to STATE]`: prints that machine's paths (ending in STATE) instead.
 */

const USAGE = 'usage: npm run paths [-- --machine NAME [--to STATE]]';

function options() {
  try {
    return parseArgs({ options: { machine: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    // An unknown or malformed option: say what was wrong and how to ask, not a stack trace.
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const values = options();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.to && !values.machine) {
  console.error(`--to needs --machine\n${USAGE}`);
  process.exit(2);
}

if (values.machine) {
  const entry = MACHINES.find((m) => m.name === values.machine);
  if (!entry) {
    console.error(`No machine ${values.machine}; registered: ${MACHINES.map((m) => m.name).join(', ')}`);
    process.exit(1);
  }
  const paths = cataloguePaths(entry).filter((p) => !values.to || endState(p) === values.to);
  if (!paths.length) {
    console.error(`No path of ${entry.name} ends in ${values.to}; states: ${Object.keys(entry.machine.root.states).join(', ')}`);
    process.exit(1);
  }
  console.log(paths.flatMap((p) => pathInWords(entry, p)).join('\n'));
} else {
  const files = catalogueFiles(MACHINES, await browserReplays());
  mkdirSync(PATHS_DIR, { recursive: true });
  // Pages of machines no longer registered go.
  for (const name of readdirSync(PATHS_DIR)) if (!files.has(`${PATHS_DIR}/${name}`)) rmSync(`${PATHS_DIR}/${name}`);
  for (const [path, text] of files) writeFileSync(path, text);
  console.log(`docs: ${MACHINES.length} machines, ${files.size} files`);
}
