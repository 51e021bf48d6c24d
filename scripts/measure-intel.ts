// npm run measure:intel — the leader opening /intel/list with every merchant of a 5,000-merchant
// house, in Chromium on the real built app (npm run build first) over the benchmark database
// (bench:dashboard's; DATABASE_URL for another server, else ./data-bench): the time until all
// batches have answered ('5000/5000 Merchants Loaded', then the progress text goes) with the first
// page drawn, and then paging, sorting and searching the 5,000 rows, each timed inside the page
// from the click to the painted frame that shows the changed first row.
// MEASURE_RUNS (default 3) page loads, 6 of each interaction; the last line is one JSON object.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Locator } from '@playwright/test';
import { openBenchDatabase } from './bench-database.ts';
import { startPortal } from './portal-server.ts';

const PORT = Number(process.env.MEASURE_PORT ?? 5392);
const RUNS = Number(process.env.MEASURE_RUNS ?? 3);
const DATA_DIR = path.resolve(process.env.DATA_DIR || './data-bench');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Seeds the benchmark database if it is not there yet, and makes Boston the leader's active house.
const db = await openBenchDatabase();
await db.pool.query(
  `update users set active_distributor_id = (select id from distributors where nickname = 'Harbor Foods Boston') where email = 'leader@harbor.test'`);
const { rows: [{ n: houseMerchants }] } = await db.pool.query(
  `select count(*)::int as n from merchant_accounts where distributor_id = (select id from distributors where nickname = 'Harbor Foods Boston')`);
await db.close();

rmSync(path.join(DATA_DIR, 'outbox'), { recursive: true, force: true });
const portal = await startPortal({ port: PORT, dataDir: DATA_DIR, env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });

/**
 * Clicks `target` inside the page and times, inside the page too, until the list's first row reads
 * differently and that frame is painted: what the user waits for, without Playwright's round trips.
 */
async function timedChange(target: Locator): Promise<number> {
  return target.evaluate(async (el) => {
    const first = () => document.querySelector('[data-testid="intel-table"] tbody tr')?.textContent;
    const before = first();
    const t0 = performance.now();
    (el as HTMLElement).click();
    await new Promise<void>((resolve) => {
      const check = () => (first() !== before ? requestAnimationFrame(() => resolve()) : requestAnimationFrame(check));
      check();
    });
    return performance.now() - t0;
  });
}

try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const loads: number[] = [];
  const paging: number[] = [];
  const sorting: number[] = [];
  const searching: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // tsx names the functions it compiles with a helper the page lacks (for timedChange's).
    await context.addInitScript('window.__name = (f) => f');
    const page = await context.newPage();
    await page.goto(`${portal.base}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill('leader@harbor.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('portal-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard/);
    const t0 = performance.now();
    await page.goto(`${portal.base}/intel/list`);
    await page.getByText(`${houseMerchants}/${houseMerchants} Merchants Loaded`).or(page.getByTestId('intel-table').locator('tbody tr').first())
      .first().waitFor({ timeout: 60_000 });
    await page.getByTestId('intel-progress').waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByTestId('intel-table').locator('tbody tr').first().waitFor();
    loads.push(performance.now() - t0);
    if (run === 0) await page.screenshot({ path: 'tests/screenshots/intel-5000-desktop.png' });

    for (let i = 0; i < 6; i++) {
      paging.push(await timedChange(page.getByRole('button', { name: 'Next page' })));
      // Sorting starts again at page 1, so the next 'Next page' always turns a page.
      sorting.push(await timedChange(page.getByRole('columnheader', { name: 'Merchant' }).getByText('Merchant', { exact: true })));
    }
    const search = page.getByRole('textbox', { name: 'Search merchant name or account number' });
    for (const term of ['10', '22', '3', '47', '5', '61']) {
      await search.fill(term);
      searching.push(await timedChange(page.getByRole('button', { name: 'Search', exact: true })));
    }
    await context.close();
  }
  await browser.close();
  const result = {
    merchants: houseMerchants,
    ms_all_loaded: Math.round(median(loads)),
    // The server caches answers per house, scope and range: only the first load computes them all.
    ms_all_loaded_first: Math.round(loads[0]!),
    ms_page: Math.round(median(paging)),
    ms_page_max: Math.round(Math.max(...paging)),
    ms_sort: Math.round(median(sorting)),
    ms_sort_max: Math.round(Math.max(...sorting)),
    ms_search: Math.round(median(searching)),
    ms_search_max: Math.round(Math.max(...searching)),
  };
  console.log(`/intel/list with ${houseMerchants} merchants: all batches loaded and the first page drawn in ${result.ms_all_loaded} ms (median of ${RUNS}; the first, with nothing cached on the server, ${result.ms_all_loaded_first} ms)`);
  console.log(`paging ${result.ms_page} ms (max ${result.ms_page_max}), sorting ${result.ms_sort} ms (max ${result.ms_sort_max}), searching ${result.ms_search} ms (max ${result.ms_search_max})`);
  console.log(JSON.stringify(result));
} finally {
  portal.stop();
}
