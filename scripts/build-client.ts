// Builds the client without pulling files from under a running server (scale-out: rolling
// restarts from one checkout). Each build goes to a folder of its own, dist-builds/<sources hash>.<time>/,
// and `dist` is a symlink switched to it by one rename, so a server never sees a half-written
// build. The replaced build's hashed assets are copied into the new one and kept for a week: a
// page opened before the switch still finds its chunks. `--if-changed` (npm start) skips the build when the
// sources are those of the build `dist` points at.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the client build is made from: a change to any of these makes another build. */
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/precompress.ts'];
/** How long a replaced build's hashed assets stay served. */
export const KEEP_ASSETS_MS = 7 * 24 * 3600 * 1000;

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs.readdirSync(full).sort().flatMap((name) => filesUnder(root, path.join(entry, name)));
}

/** A short hash of the client's sources (names and contents), in a stable order. */
export function sourcesHash(root: string, sources: readonly string[] = SOURCES): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((s) => filesUnder(root, s))) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where builds live: the symlink a server reads (`link`) and the folder of the builds it points
 * into, both relative to the repository. The server's compiled build uses the same switch
 * (scripts/build-server.ts).
 */
export interface BuildSlot { link: string; folder: string }
export const CLIENT_BUILDS: BuildSlot = { link: 'dist', folder: 'dist-builds' };

/** The build folder `dist` (or the slot's link) points at now, or null (no build yet, or an old real folder). */
export function currentBuild(root: string, slot = CLIENT_BUILDS): string | null {
  const link = path.join(root, slot.link);
  try {
    return fs.lstatSync(link).isSymbolicLink() ? path.resolve(path.dirname(link), fs.readlinkSync(link)) : null;
  } catch {
    return null;
  }
}

/** File times pass through seconds as floating point and may come back a hair early. */
const CLOCK_SLACK_MS = 500;
/** When a build folder was started (its name ends with the time), or NaN for a folder of unknown age. */
const startedAt = (folder: string) => Number(path.basename(folder).split('.').pop());

/**
 * Copies into `to` the hashed assets of the replaced build `from` that `to` lacks: all of its own
 * (their week starts now, when they stop being current) and those it carried itself while
 * younger than `keepMs`. A file's time says when it was last current.
 */
export function carryAssets(from: string, to: string, now = Date.now(), keepMs = KEEP_ASSETS_MS): number {
  const source = path.join(from, 'assets');
  if (!fs.existsSync(source)) return 0;
  fs.mkdirSync(path.join(to, 'assets'), { recursive: true });
  const since = startedAt(from);
  let carried = 0;
  for (const name of fs.readdirSync(source)) {
    const file = path.join(source, name);
    const target = path.join(to, 'assets', name);
    const { mtimeMs } = fs.statSync(file);
    const own = Number.isNaN(since) || mtimeMs >= since - CLOCK_SLACK_MS;
    if (fs.existsSync(target) || (!own && now - mtimeMs > keepMs)) continue;
    fs.cpSync(file, target, { preserveTimestamps: true });
    // Its week starts now; dated before the new build began (beyond the slack), so it reads as carried there.
    if (own) fs.utimesSync(target, (now - 2 * CLOCK_SLACK_MS) / 1000, (now - 2 * CLOCK_SLACK_MS) / 1000);
    carried += 1;
  }
  return carried;
}

/** Points `dist` (or the slot's link) at `build` in one rename (an old real folder there is moved aside first). */
export function switchTo(root: string, build: string, slot = CLIENT_BUILDS) {
  const link = path.join(root, slot.link);
  if (fs.existsSync(link) && !fs.lstatSync(link).isSymbolicLink()) fs.renameSync(link, path.join(root, slot.folder, `replaced.${Date.now()}`));
  const next = `${link}.next-${process.pid}`;
  fs.rmSync(next, { force: true });
  fs.symlinkSync(path.relative(path.dirname(link), build), next);
  fs.renameSync(next, link);
}

/** Removes build folders other than the newest `keep` (by the time in their names), never the current one. */
export function pruneBuilds(root: string, keep = 3, slot = CLIENT_BUILDS) {
  const builds = path.join(root, slot.folder);
  const current = currentBuild(root, slot);
  const age = (folder: string) => startedAt(folder) || 0;
  const folders = fs.readdirSync(builds).filter((name) => !name.startsWith('.building-')).map((name) => path.join(builds, name)).sort((a, b) => age(b) - age(a));
  for (const folder of folders.slice(keep)) if (folder !== current) fs.rmSync(folder, { recursive: true, force: true });
}

/**
 * Builds into a new folder dist-builds/<hash>.<time>/ with `build(outDir)` (vite in real use),
 * carries the recent assets over and switches `dist` to it; a folder a server may be reading is
 * never written to or removed. Returns what it did, for the log line.
 */
export function buildClient(root: string, { ifChanged, build, now = Date.now() }: { ifChanged: boolean; build: (outDir: string) => void; now?: number }): 'unchanged' | 'built' {
  const hash = sourcesHash(root);
  const current = currentBuild(root);
  if (ifChanged && current && path.basename(current).startsWith(`${hash}.`) && fs.existsSync(path.join(current, 'index.html'))) return 'unchanged';
  const target = path.join(root, 'dist-builds', `${hash}.${now}`);
  const scratch = path.join(root, 'dist-builds', `.building-${process.pid}-${now}`);
  fs.mkdirSync(scratch, { recursive: true });
  build(scratch);
  // A checkout from before build folders has a plain `dist`: its assets are carried over too.
  const plain = path.join(root, 'dist');
  const replaced = current ?? (fs.existsSync(path.join(plain, 'index.html')) ? plain : null);
  if (replaced) carryAssets(replaced, scratch, now);
  fs.renameSync(scratch, target);
  switchTo(root, target);
  pruneBuilds(root);
  return 'built';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.cwd();
  const result = buildClient(root, {
    ifChanged: process.argv.includes('--if-changed'),
    build: (outDir) => execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], { stdio: 'inherit' }),
  });
  console.log(result === 'unchanged' ? 'client: sources unchanged, serving the current build' : `client: built, dist -> ${path.relative(root, currentBuild(root)!)}`);
}
