import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClient, currentBuild, KEEP_ASSETS_MS } from '../../scripts/build-client.ts';
import { serveSpa } from '../../server/spa.ts';

/**
 * A rolling restart from one checkout: a second `npm start` (or `npm run build`) while a server
 * runs must not pull the first build's files from under the pages it has open.
 */

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'main.tsx'), 'release 1');
  return root;
}

/** A stand-in for vite: index.html naming this release's one chunk, and the chunk, written at `now`. */
function builder(root: string, now: number) {
  const calls: string[] = [];
  const build = (outDir: string) => {
    const release = fs.readFileSync(path.join(root, 'src', 'main.tsx'), 'utf8').replace(' ', '-');
    calls.push(release);
    fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(outDir, 'index.html'), `<script src="/assets/${release}.js"></script>`);
    fs.writeFileSync(path.join(outDir, 'assets', `${release}.js`), `// ${release}`);
    for (const file of ['index.html', `assets/${release}.js`]) fs.utimesSync(path.join(outDir, file), now / 1000, now / 1000);
  };
  return { build, calls };
}

const release = (root: string, n: number) => fs.writeFileSync(path.join(root, 'src', 'main.tsx'), `release ${n}`);
const DAY = 24 * 3600 * 1000;

describe('building the client beside a running server', () => {
  it('keeps serving the replaced build’s chunks while the page switches to the new one', async () => {
    const root = checkout();
    const t0 = Date.now();
    buildClient(root, { ifChanged: true, ...builder(root, t0), now: t0 });
    const app = Fastify();
    await serveSpa(app, path.join(root, 'dist'));
    const get = async (url: string) => {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      return [res.statusCode, res.body] as const;
    };
    expect(await get('/dashboard')).toEqual([200, '<script src="/assets/release-1.js"></script>']);

    // Another process builds release 2 while this server runs.
    release(root, 2);
    buildClient(root, { ifChanged: true, ...builder(root, t0 + 1000), now: t0 + 1000 });
    expect(await get('/dashboard')).toEqual([200, '<script src="/assets/release-2.js"></script>']);
    expect(await get('/assets/release-2.js')).toEqual([200, '// release-2']);
    // A page opened before the switch still loads its chunk.
    expect(await get('/assets/release-1.js')).toEqual([200, '// release-1']);
    await app.close();
  });

  it('npm start builds only when the sources changed; npm run build always builds', () => {
    const root = checkout();
    const b = builder(root, Date.now());
    expect(buildClient(root, { ifChanged: true, ...b })).toBe('built');
    const first = currentBuild(root);
    expect(buildClient(root, { ifChanged: true, ...b })).toBe('unchanged');
    expect(currentBuild(root)).toBe(first);
    release(root, 2);
    expect(buildClient(root, { ifChanged: true, ...b })).toBe('built');
    expect(buildClient(root, { ifChanged: false, ...b, now: Date.now() + 5 })).toBe('built');
    expect(b.calls).toEqual(['release-1', 'release-2', 'release-2']);
    // The build `dist` pointed at is never written to or removed by the next one.
    expect(fs.existsSync(path.join(first!, 'assets', 'release-1.js'))).toBe(true);
  });

  it('a replaced build’s chunks stay a week after it stopped being current, then go', () => {
    const root = checkout();
    const t0 = Date.now();
    buildClient(root, { ifChanged: true, ...builder(root, t0), now: t0 });
    // Release 1 is current for a month; it stops being current at release 2.
    release(root, 2);
    const t2 = t0 + 30 * DAY;
    buildClient(root, { ifChanged: true, ...builder(root, t2), now: t2 });
    const assets = () => fs.readdirSync(path.join(root, 'dist', 'assets')).sort();
    expect(assets()).toEqual(['release-1.js', 'release-2.js']);
    release(root, 3);
    const t3 = t2 + KEEP_ASSETS_MS - DAY;
    buildClient(root, { ifChanged: true, ...builder(root, t3), now: t3 });
    expect(assets()).toEqual(['release-1.js', 'release-2.js', 'release-3.js']);
    release(root, 4);
    const t4 = t2 + KEEP_ASSETS_MS + DAY;
    buildClient(root, { ifChanged: true, ...builder(root, t4), now: t4 });
    expect(assets()).toEqual(['release-2.js', 'release-3.js', 'release-4.js']);
    // Old build folders are pruned to the last three.
    expect(fs.readdirSync(path.join(root, 'dist-builds'))).toHaveLength(3);
  });

  it('a checkout whose dist is still a plain folder switches to a build link', () => {
    const root = checkout();
    fs.mkdirSync(path.join(root, 'dist', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), 'old');
    fs.writeFileSync(path.join(root, 'dist', 'assets', 'old-chunk.js'), '// old');
    buildClient(root, { ifChanged: true, ...builder(root, Date.now()) });
    expect(fs.lstatSync(path.join(root, 'dist')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(root, 'dist', 'index.html'), 'utf8')).toContain('release-1');
    expect(fs.readdirSync(path.join(root, 'dist', 'assets')).sort()).toEqual(['old-chunk.js', 'release-1.js']);
  });
});
