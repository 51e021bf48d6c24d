// Compiles the server to JavaScript (tsconfig.server.json) for production: `npm start` runs
// node on build/server/server/main.js, so no start pays tsx's transform and no worker needs a
// loader (server/workers/entry.ts). It only emits, in seconds; `npm run typecheck` checks. Each
// build goes to a folder of its own and `build/server` is a symlink switched to it by one rename,
// as the client's `dist` is (scripts/build-client.ts): Node runs a module from its real path, so a
// server started on an older build keeps loading that build's files (a worker's first start)
// while the next build is written and switched in.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pruneBuilds, switchTo } from './build-client.ts';
import { SERVER_BUILDS } from './server-command.ts';

const root = process.cwd();
const now = Date.now();
const target = path.join(root, SERVER_BUILDS.folder, `server.${now}`);
const scratch = path.join(root, SERVER_BUILDS.folder, `.building-${process.pid}-${now}`);
fs.mkdirSync(path.dirname(scratch), { recursive: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.server.json', '--outDir', scratch], { stdio: 'inherit' });
fs.renameSync(scratch, target);
switchTo(root, target, SERVER_BUILDS);
pruneBuilds(root, 3, SERVER_BUILDS);
console.log(`server: compiled, ${SERVER_BUILDS.link} -> ${path.relative(root, target)}`);
