// npm run measure:pages — what the browser pays for the login page and the dashboard after it:
// bytes of JavaScript as sent (compressed, from Chromium's network log) and the Largest Contentful
// Paint, on the real built app (npm run build first) with the small demo database.
// MEASURE_RUNS (default 5) cold loads; prints medians and, last, one JSON object.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startPortal } from './portal-server.ts';

const PORT = Number(process.env.MEASURE_PORT ?? 5391);
const RUNS = Number(process.env.MEASURE_RUNS ?? 5);
const DATA_DIR = path.resolve('.test-data', `measure-${PORT}`);

rmSync(DATA_DIR, { recursive: true, force: true });
const portal = await startPortal({ port: PORT, dataDir: DATA_DIR, env: { SEED_MERCHANTS: '40', SEED_MONTHS: '2' } });

/** Sums the encoded (as sent) bytes of every script the page loads from now on. */
async function scriptBytes(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (process.env.MEASURE_DEBUG) console.log(e.type, e.response.url);
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => scripts.has(e.requestId) && (bytes += e.encodedDataLength));
  return () => bytes;
}

const lcp = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const login = { kb: [] as number[], lcp: [] as number[] };
  const dashboardKb: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext(); // cold: nothing cached
    const page = await context.newPage();
    const sent = await scriptBytes(page);
    await page.goto(`${portal.base}/login`, { waitUntil: 'networkidle' });
    login.kb.push(sent() / 1024);
    login.lcp.push(await lcp(page));
    const before = sent();
    await page.getByRole('textbox', { name: 'Email' }).fill('leader@harbor.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('portal-demo');
    // The dashboard's own call goes out once its lazily loaded screen is running.
    const dashboardCalled = page.waitForResponse((r) => r.url().endsWith('/api/dashboard'));
    await page.getByRole('button', { name: 'Log in' }).click();
    await dashboardCalled;
    await page.waitForTimeout(500);
    dashboardKb.push((sent() - before) / 1024);
    await context.close();
  }
  await browser.close();
  const result = {
    login_js_kb: Number(median(login.kb).toFixed(1)),
    login_lcp_ms: Math.round(median(login.lcp)),
    dashboard_js_kb: Number(median(dashboardKb).toFixed(1)),
  };
  console.log(`Login page: ${result.login_js_kb} KB of JavaScript sent, LCP ${result.login_lcp_ms} ms (median of ${RUNS} cold loads)`);
  console.log(`Dashboard after login: ${result.dashboard_js_kb} KB more`);
  console.log(JSON.stringify(result));
} finally {
  portal.stop();
}
