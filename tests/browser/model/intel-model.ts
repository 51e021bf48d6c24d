import { expect as baseExpect, type Page, type Request } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { MERCHANTS_FAILED_MESSAGE } from '../../../src/model/dashboard.ts';
import { INTEL_BATCH_SIZE } from '../../../src/model/intel.ts';
import type { CataloguePath } from '../../paths/catalogue-paths.ts';
import type { BrowserModel } from './browser-model.ts';
import { holdHouseSwitch, houseSwitchEvents, MULTI_HOUSE_LEADER, switchingHouse } from './house-switch.ts';
import { pickRange } from './pick-range.ts';
import { queueRequests, type RequestQueue } from './request-queue.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const progress = (page: Page) => page.getByTestId('intel-progress');
const failedNotice = (page: Page) => page.getByTestId('intel-failed');

/** Each batch request to /api/intel, held until the path says how it ends. */
const batches = new WeakMap<Page, RequestQueue>();
/** The request of batch `index`: its first merchant is the index's 250th (the sample merchants are numbered from 1). */
const batchOf = (index: number) => (request: Request) =>
  (request.postDataJSON() as { merchants: { id: number }[] }).merchants[0]?.id === index * INTEL_BATCH_SIZE + 1;
const takeBatch = (page: Page, e: AnyEventObject) => batches.get(page)!.take(`the app should have asked for batch ${String(e.index)}`, batchOf(Number(e.index)));

/** The state a step starts from. */
const before = (path: CataloguePath, i: number) => (i === 0 ? path.start : path.states[i - 1]!);
/** States whose header (range, views) a user can work: not behind the first loader, a switch or a dialog. */
const headerFree = new Set(['loading', 'complete', 'partial', 'noMerchants']);

/**
 * Intel's batches of 250, for a leader of Boston with more houses: the merchant list is the
 * registration's sample (300 merchants, or none), so there are two batches, held until the path
 * answers each (the real server) or fails it (500).
 */
export const intelModel: BrowserModel = {
  machine: 'intel',
  start: {
    'leader of Harbor Foods Boston': async (page) => {
      batches.set(page, await queueRequests(page, '**/api/intel'));
      await holdHouseSwitch(page);
      await openSignedIn(page, MULTI_HOUSE_LEADER, '/intel');
    },
  },
  calls: { loadMerchants: { url: '**/api/merchant', sampleAnswer: true } },
  events: {
    'intel.batchLoaded': async (page, e) => (await takeBatch(page, e)).continue(),
    'intel.batchFailed': async (page, e) => (await takeBatch(page, e)).fulfill({ status: 500, json: { message: 'Something went wrong' } }),
    // Every batch of this load answers, those out and those still to be sent; the next load's are held again.
    'xstate.done.actor.loadBatches': async (page) => {
      const queue = batches.get(page)!;
      await queue.answerEvery((route) => route.continue());
      await expect(progress(page)).toHaveCount(0);
      queue.holdAgain();
    },
    'intel.rangeChanged': (page) => pickRange(page, '1', '10'),
    'intel.dialogClosed': (page) => page.getByRole('dialog', { name: 'Intel' }).getByRole('button', { name: 'OK' }).click(),
    'route.changed': (page) => page.getByText('Line Chart', { exact: true }).click(),
    'intel.distributorSelected': houseSwitchEvents.pickOtherHouse,
    'houseSwitch.switched': houseSwitchEvents['houseSwitch.switched'],
    'houseSwitch.kept': houseSwitchEvents['houseSwitch.kept'],
  },
  states: {
    loadingMerchants: (page) => expect(progress(page)).toContainText('Loading merchants…'),
    loading: (page) => expect(progress(page)).toContainText(/^\d+\/300 Merchants Loaded$/),
    complete: async (page) => {
      await expect(progress(page)).toHaveCount(0);
      await expect(failedNotice(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Intel', level: 1 })).toBeVisible();
    },
    partial: (page) => expect(failedNotice(page).getByRole('button', { name: 'Retry' })).toBeVisible(),
    noMerchants: async (page) => {
      await expect(progress(page)).toHaveCount(0);
      await expect(page.getByText('No Data Found')).toBeVisible();
    },
    // The dialog says why; once closed, the page has no rows ('No Data Found'), as with no merchants.
    switchingDistributor: switchingHouse,
    merchantsFailed: async (page) => {
      await expect(progress(page)).toHaveCount(0);
      await expect(page.getByRole('dialog', { name: 'Intel' }).filter({ hasText: MERCHANTS_FAILED_MESSAGE }).or(page.getByText('No Data Found')).first()).toBeVisible();
    },
  },
  // The batch stream never breaks as a whole in the app (each failure is one batch's, a step of
  // its own): no action maps its error. What a user can do: a range in the month the picker opens
  // on, or another house, where the header is free (while the merchants load, the app-wide spinner
  // covers it); OK on the dialog there is; the line chart opened from the list.
  only: (path) =>
    path.events.every((e, i) => {
      const from = before(path, i);
      if (e.type === 'intel.rangeChanged') return headerFree.has(from) && (e.range as { startDate: string }).startDate === '2026-09-01';
      if (e.type === 'intel.dialogClosed') return from === 'merchantsFailed';
      if (e.type === 'intel.distributorSelected') return headerFree.has(from);
      if (e.type === 'route.changed') return headerFree.has(from) && (e.place as { pathname: string }).pathname === '/intel/linechart';
      return true;
    }),
};
