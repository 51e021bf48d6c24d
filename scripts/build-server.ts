// Compiles the server to JavaScript (tsconfig.server.json) for production: `npm start` runs
// node on build/server/server/main.js, so no start pays tsx's transform and no worker needs a
// loader (server/workers/entry.ts). It only emits, in seconds; `npm run typecheck` checks. The
// new build is written aside and swapped in by rename: a running server's later imports (a
// worker's first start) find one whole build, old or new, never half of each.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_BUILD } from './server-command.ts';

const root = process.cwd();
const target = path.join(root, SERVER_BUILD);
const scratch = `${target}.next-${process.pid}`;
const old = `${target}.old-${process.pid}`;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.server.json', '--outDir', scratch], { stdio: 'inherit' });
if (fs.existsSync(target)) fs.renameSync(target, old);
fs.renameSync(scratch, target);
fs.rmSync(old, { recursive: true, force: true });
console.log(`server: compiled to ${SERVER_BUILD}`);
