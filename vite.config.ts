import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
// One value per build: the page compares it with /version.txt to notice a newer deployment (spec §4).
const appVersion = `${pkg.version}+${new Date().toISOString()}`;

/** Writes dist/version.txt holding the same value the bundle was built with. */
function versionFile(): Plugin {
  return {
    name: 'version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.txt', source: appVersion });
    },
  };
}

const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), versionFile(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  // The manifest lets the bundle budget (scripts/bundle-budget.ts) follow each route's chunks.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: { proxy: { '/api': api, '/version.txt': api } },
});
