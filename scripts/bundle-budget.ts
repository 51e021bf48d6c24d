// The bundle budget (npm test, after the build): the JavaScript each route sends, as gzip, against
// its budget. Gzip, not brotli: browsers ask for brotli only over HTTPS, so over plain HTTP (an
// intranet install, a load balancer ending TLS elsewhere) gzip is what they get, and it is larger.
// Prints the figures; exits 1 when over.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const DIST = path.resolve(process.env.DIST_DIR ?? 'dist');
const KB = 1024;

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

/** The chunk files a module loads before it runs: itself and its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const next of chunk.imports ?? []) staticClosure(next, seen);
  return seen;
}

const sentBytes = (files: Iterable<string>) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + statSync(path.join(DIST, `${f}.gz`)).size, 0);

const login = staticClosure('index.html');
/** A route's screen: what it loads beyond what the login page already brought. */
const beyondLogin = (key: string) => [...staticClosure(key)].filter((f) => !login.has(f));

const budgets: { route: string; files: Iterable<string>; budgetKb: number }[] = [
  // 206: since issue 37 the app shell holds the root actor's page registry (every page's loader and input);
  // issue 40's API reference page took it past 205.
  { route: 'login page (the app shell)', files: login, budgetKb: 206 },
  { route: 'dashboard, after login', files: beyondLogin('src/views/dashboard/dashboard-page.tsx'), budgetKb: 400 },
];

let over = 0;
for (const { route, files, budgetKb } of budgets) {
  const kb = sentBytes(files) / KB;
  const ok = kb <= budgetKb;
  if (!ok) over += 1;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${route}: ${kb.toFixed(1)} KB of JavaScript sent as gzip (budget ${budgetKb} KB)`);
}
if (over > 0) {
  console.error(`${over} route(s) over the bundle budget: load the heavy parts lazily (charts, tables, MSAL) or raise the budget on purpose.`);
  process.exit(1);
}
