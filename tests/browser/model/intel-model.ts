import { expect as baseExpect, type Page, type Request, type Route } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { MERCHANTS_FAILED_MESSAGE } from '../../../src/model/dashboard.ts';
import { INTEL_BATCH_SIZE } from '../../../src/model/intel.ts';
import type { CataloguePath } from '../../paths/catalogue-paths.ts';
import { sideMenu } from '../login-helpers.ts';
import type { BrowserModel } from './browser-model.ts';
import { chooseByKeys } from './choose-by-keys.ts';
import { holdHouseSwitch, houseSelect, houseSwitchEvents, MULTI_HOUSE_LEADER, switchingHouse } from './house-switch.ts';
import { pickRange } from './pick-range.ts';
import { queueRequests, type RequestQueue } from './request-queue.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const progress = (page: Page) => page.getByTestId('intel-progress');
const failedNotice = (page: Page) => page.getByTestId('intel-failed');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Intel' });
/** The app-wide spinner (a non-quiet call is out): it covers the whole screen. */
const spinner = (page: Page) => page.locator('.mantine-LoadingOverlay-root');

const MERCHANTS = '**/api/merchant';
const HOUSES = '**/api/user/current-distributor';

/**
 * Per page: each batch request to /api/intel, held until the path says how it ends (a detail
 * page's items go through the same route, and are answered by the server as they come); the
 * houses for the selector, held until the path says they arrive; and whether the user is on
 * another screen (the dashboard), Intel left open.
 */
interface Held {
  intel: RequestQueue;
  houses: RequestQueue;
  away: boolean;
  /** The last request the app sent for each batch (by its first merchant): a new load aborts the old one's. */
  latest: Map<number, Request>;
}
const held = new WeakMap<Page, Held>();
const heldOn = (page: Page) => held.get(page)!;

const INTEL = '**/api/intel';
const body = (request: Request) => request.postDataJSON() as { merchants: { id: number }[]; items?: boolean; monthly?: boolean };
const isIntel = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/intel';
/** A batch asks for rows without items; a detail page asks for one merchant's items. */
const isBatch = (request: Request) => body(request).items === false;
const firstMerchant = (request: Request) => body(request).merchants[0]?.id ?? 0;
/** The first merchant of batch `index`: the index's 250th (the sample merchants are numbered from 1). */
const firstOf = (index: number) => index * INTEL_BATCH_SIZE + 1;
/** The request of batch `index` of the load under way (not one of a load the app has just abandoned, whose abort may not have reached the test yet). */
const batchOf = (page: Page, index: number) => (request: Request) =>
  isBatch(request) && firstMerchant(request) === firstOf(index) && heldOn(page).latest.get(firstOf(index)) === request;
const takeBatch = (page: Page, e: AnyEventObject) => heldOn(page).intel.take(`the app should have asked for batch ${String(e.index)}`, batchOf(page, Number(e.index)));

/** While the user is on the dashboard, its merchant list goes to the server (Intel's own is held by the path's call). */
const toServer = (route: Route) => route.continue();

/**
 * The houses arrive (the real server's answer): before anything a user does, since until then the
 * app-wide spinner covers the screen. A path that says when they arrive (`houseSwitch.housesLoaded`)
 * has no user action before.
 */
const housesArrive = (page: Page) => heldOn(page).houses.answerEvery((route) => route.continue());

/** What a user does, once the houses are there. */
const byUser =
  (action: (page: Page, e: AnyEventObject) => Promise<void>) =>
  async (page: Page, e: AnyEventObject): Promise<void> => {
    await housesArrive(page);
    await action(page, e);
  };

/** The browser's Back, which works where the spinner or a dialog covers the menu: to the dashboard, Intel left open. */
async function leaveIntel(page: Page) {
  const state = heldOn(page);
  if (state.away) return;
  await page.route(MERCHANTS, toServer);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  state.away = true;
}

/**
 * Intel again, from the menu: the last intel page viewed. By keyboard: the app-wide spinner may
 * still cover the dashboard (Intel's held calls) and take the pointer, and a click raced it.
 */
async function backToIntel(page: Page) {
  await page.unroute(MERCHANTS, toServer);
  await sideMenu(page).getByRole('link', { name: 'Intel', exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/intel/);
  heldOn(page).away = false;
}

/** Days 1–10, 13 months back, to the month the picker opens on: over a year, refused. */
async function pickLongRange(page: Page) {
  await page.getByRole('button', { name: 'Date range' }).click();
  const previous = page.locator('[data-direction="previous"]').first();
  const next = page.locator('[data-direction="next"]').first();
  for (let i = 0; i < 13; i++) await previous.click();
  await page.locator('table button:not([data-outside])', { hasText: /^1$/ }).first().click();
  for (let i = 0; i < 13; i++) await next.click();
  await page.locator('table button:not([data-outside])', { hasText: /^10$/ }).first().click();
  await expect(dialog(page)).toBeVisible();
}

/** A view of the section (its tab in the header), unless it is on screen already. */
async function openView(page: Page, label: 'List' | 'Graph' | 'Line Chart', path: string) {
  if (new URL(page.url()).pathname === path) return;
  await page.locator('label', { hasText: new RegExp(`^${label}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
}

/** The detail page of the list's first merchant with data (its items from the server), unless one is on screen. */
async function openDetail(page: Page) {
  if (!new URL(page.url()).pathname.startsWith('/intel/detail/')) {
    await openView(page, 'List', '/intel/list');
    await page.getByRole('button', { name: 'See Details' }).and(page.locator(':not([disabled])')).first().click();
    await expect(page).toHaveURL(/\/intel\/detail\/\d+\/competitive/);
    await (await heldOn(page).intel.take('the detail page should have asked for its items', (r) => !isBatch(r))).continue();
  }
  await expect(page.getByRole('textbox', { name: 'Search description or manufacturer' })).toBeVisible();
}

/** What a state shows on Intel's screen; while the user is on the dashboard, Intel (kept) takes them nowhere. */
const onIntel =
  (check: (page: Page) => Promise<void>) =>
  async (page: Page): Promise<void> => {
    if (!heldOn(page).away) return check(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Intel', level: 1 })).toHaveCount(0);
  };

/** The state a step starts from. */
const before = (path: CataloguePath, i: number) => (i === 0 ? path.start : path.states[i - 1]!);

/**
 * Intel's batches of 250, for a leader of Boston with more houses, who opens Intel from the
 * dashboard's menu (so the browser's Back leads there): the merchant list is the registration's
 * sample (600 merchants, or none), so there are three batches, held until the path answers each (the
 * real server) or fails it (500). The houses for the selector are held until the path says they
 * arrive, or a user action needs them.
 */
export const intelModel: BrowserModel = {
  machine: 'intel',
  start: {
    'leader of Harbor Foods Boston': async (page) => {
      const intel = await queueRequests(page, INTEL);
      const latest = new Map<number, Request>();
      page.on('request', (request) => {
        if (isIntel(request) && isBatch(request)) latest.set(firstMerchant(request), request);
      });
      await holdHouseSwitch(page);
      // The dashboard's own merchant list and houses go to the server.
      await page.route(MERCHANTS, toServer);
      const dashboardReady = Promise.all([page.waitForResponse(HOUSES), page.waitForResponse(MERCHANTS)]);
      await openSignedIn(page, MULTI_HOUSE_LEADER, '/dashboard');
      await dashboardReady;
      held.set(page, { intel, houses: await queueRequests(page, HOUSES, 'GET'), away: false, latest });
      await page.unroute(MERCHANTS, toServer);
      await sideMenu(page).getByRole('link', { name: 'Intel', exact: true }).click();
    },
  },
  calls: { loadMerchants: { url: MERCHANTS, sampleAnswer: true } },
  events: {
    'intel.batchLoaded': async (page, e) => (await takeBatch(page, e)).continue(),
    'intel.batchFailed': async (page, e) => (await takeBatch(page, e)).fulfill({ status: 500, json: { message: 'Something went wrong' } }),
    // Every batch of this load answers, those out and those still to be sent; the next load's are held again.
    'xstate.done.actor.loadBatches': async (page) => {
      const queue = heldOn(page).intel;
      await queue.answerEvery((route) => route.continue());
      await expect(progress(page)).toHaveCount(0);
      queue.holdAgain();
    },
    'houseSwitch.housesLoaded': async (page) => {
      await (await heldOn(page).houses.take('the app should have asked for the houses')).continue();
      await housesArrive(page);
    },
    'intel.retry': byUser((page) => failedNotice(page).getByRole('button', { name: 'Retry' }).click()),
    'intel.rangeChanged': byUser((page, e) => ((e.range as { startDate: string }).startDate < '2026-01-01' ? pickLongRange(page) : pickRange(page, '1', '10'))),
    // OK; where the spinner covers it (the merchant list loading), Escape, which the dialog hears.
    'intel.dialogClosed': byUser(async (page) => {
      if (await spinner(page).isVisible()) await page.keyboard.press('Escape');
      else await dialog(page).getByRole('button', { name: 'OK' }).click();
      await expect(dialog(page)).toHaveCount(0);
    }),
    'intel.distributorSelected': byUser(houseSwitchEvents.pickOtherHouse),
    'houseSwitch.switched': houseSwitchEvents['houseSwitch.switched'],
    'houseSwitch.kept': houseSwitchEvents['houseSwitch.kept'],
    // Back on Intel from the dashboard's menu; on Intel, a view's tab.
    'route.changed': byUser(async (page, e) => {
      if (heldOn(page).away) return backToIntel(page);
      const path = (e.place as { pathname: string }).pathname;
      // The line chart opened on batches asked without their months: the app asks them again, with
      // them (its first two batches at once), and aborts the others' requests.
      const { latest } = heldOn(page);
      // While batches load, their requests have gone out (the test may hear of them a moment later).
      if (/Merchants Loaded/.test((await progress(page).allTextContents()).join(''))) await expect.poll(() => latest.size).toBeGreaterThan(0);
      const batches = [...latest.values()];
      const reload = path === '/intel/linechart' && batches.length > 0 && batches.every((r) => !body(r).monthly);
      const asked = (index: number) => page.waitForRequest((r) => isIntel(r) && isBatch(r) && !!body(r).monthly && firstMerchant(r) === firstOf(index));
      const reasked = reload ? Promise.all([asked(0), asked(1)]) : Promise.resolve();
      await openView(page, path === '/intel/linechart' ? 'Line Chart' : 'Graph', path);
      await reasked;
    }),
    'route.left': byUser(leaveIntel),
    // The Dashboard's House selector, Intel left open: the server switches (answered with the path's house).
    'intel.houseSeen': byUser(async (page, e) => {
      await leaveIntel(page);
      // Intel's calls held (left open in loadingMerchants, say) keep the app-wide spinner over the
      // dashboard: it takes the pointer, not the keyboard. The dashboard's own calls go to the real
      // server first: the selector waits for them as a user does (over 15 s in a busy fresh clone).
      await expect(houseSelect(page)).toBeEnabled({ timeout: 60_000 });
      await chooseByKeys(page, houseSelect(page), /Harbor Foods Portland/);
      await houseSwitchEvents['houseSwitch.switched'](page, e);
      await expect(houseSelect(page)).toBeEnabled();
    }),
    'intel.searchApplied': byUser(async (page, e) => {
      const box = page.getByRole('textbox', { name: 'Search merchant name or account number' });
      await box.fill(String(e.search));
      await box.press('Enter');
      await expect(page).toHaveURL(/[?&]q=/);
    }),
    'intel.sortChanged': byUser(async (page) => {
      await page.getByTestId('intel-table').getByRole('columnheader', { name: /^Merchant/ }).click();
      await expect(page).toHaveURL(/[?&]sort=merchant\.asc/);
    }),
    'intel.pageChanged': byUser(async (page) => {
      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
    }),
    'intel.detailSearchApplied': byUser(async (page, e) => {
      await openDetail(page);
      const box = page.getByRole('textbox', { name: 'Search description or manufacturer' });
      await box.fill(String(e.search));
      await box.press('Enter');
    }),
    'intel.revealToggled': byUser(async (page) => {
      await openDetail(page);
      const row = page.getByTestId('intel-detail-table').locator('tbody tr').first();
      await row.getByRole('button', { name: 'Reveal' }).click();
      await expect(row.getByRole('button', { name: 'Hide' })).toBeVisible();
    }),
    'intel.showMoreToggled': byUser(async (page) => {
      await openView(page, 'Graph', '/intel/graph');
      const cards = page.getByTestId('intel-graph-card');
      await expect(cards.getByRole('button', { name: 'Show More' }).first()).toBeVisible();
      // Pinned by position: its button's name changes.
      const card = cards.nth(await cards.evaluateAll((els) => els.findIndex((el) => el.textContent?.includes('Show More'))));
      await card.getByRole('button', { name: 'Show More' }).click();
      await expect(card.getByRole('button', { name: 'Show Less' })).toBeVisible();
    }),
    'intel.monthsChanged': byUser(async (page) => {
      await page.locator('label', { hasText: /^12 months$/ }).click();
      await expect(page).toHaveURL(/[?&]months=12/);
    }),
    'intel.scaleToggled': byUser(async (page) => {
      await page.getByText('Logarithmic scale').click();
      await expect(page.getByTestId('intel-log-switch')).not.toBeChecked();
    }),
    'intel.chartTablesToggled': byUser(async (page) => {
      await page.getByText('Show as tables').click();
      await expect(page.getByRole('switch', { name: 'Show as tables' })).toBeChecked();
    }),
  },
  states: {
    loadingMerchants: onIntel((page) => expect(progress(page)).toContainText('Loading merchants…')),
    loading: onIntel((page) => expect(progress(page)).toContainText(/^\d+\/600 Merchants Loaded$/)),
    complete: onIntel(async (page) => {
      await expect(progress(page)).toHaveCount(0);
      await expect(failedNotice(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Intel', level: 1 })).toBeVisible();
    }),
    partial: onIntel((page) => expect(failedNotice(page).getByRole('button', { name: 'Retry' })).toBeVisible()),
    noMerchants: onIntel(async (page) => {
      await expect(progress(page)).toHaveCount(0);
      await expect(page.getByText('No Data Found')).toBeVisible();
    }),
    switchingDistributor: onIntel(switchingHouse),
    // The dialog says why; once closed, the page has no rows ('No Data Found'), as with no merchants.
    merchantsFailed: onIntel(async (page) => {
      await expect(progress(page)).toHaveCount(0);
      await expect(dialog(page).filter({ hasText: MERCHANTS_FAILED_MESSAGE }).or(page.getByText('No Data Found')).first()).toBeVisible();
    }),
  },
  // What a user cannot do: change the route on Intel where the spinner (the merchant list, a house
  // switch) or a dialog covers its tabs, with no other intel page in the browser's history to go
  // Back or Forward to; or work Intel's page while on the dashboard.
  only: (path) => {
    let dialogOpen = false;
    let away = false;
    return path.events.every((e, i) => {
      const from = before(path, i);
      const to = path.states[i]!;
      if (e.type === 'route.changed' && !away && (from === 'loadingMerchants' || from === 'switchingDistributor' || dialogOpen)) return false;
      if (away && e.type.startsWith('intel.') && e.type !== 'intel.houseSeen') return false;
      if (e.type === 'route.left' || e.type === 'intel.houseSeen') away = true;
      if (e.type === 'route.changed') away = false;
      if (to === 'merchantsFailed' && from !== 'merchantsFailed') dialogOpen = true;
      if (e.type === 'intel.rangeChanged' && (e.range as { startDate: string }).startDate < '2026-01-01') dialogOpen = true;
      if (e.type === 'intel.dialogClosed') dialogOpen = false;
      return true;
    });
  },
};
