import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { LOAD_FAILED_MESSAGE, NO_DATA_MESSAGE } from '../../../src/machines/dashboard/dashboard-context.ts';
import { MERCHANTS_FAILED_MESSAGE, type DashboardResponse } from '../../../src/model/dashboard.ts';
import { rangeTooLong } from '../../../src/model/date-range.ts';
import { dmUserId, SAMPLE_USER_ID } from '../../../src/machines/dashboard/dashboard-samples.ts';
import type { CataloguePath } from '../../paths/catalogue-paths.ts';
import type { BrowserModel } from './browser-model.ts';
import { chooseByKeys } from './choose-by-keys.ts';
import { holdHouseSwitch, houseSelect, houseSwitchEvents, MULTI_HOUSE_LEADER, switchingHouse } from './house-switch.ts';
import { openSignedIn } from './signed-in.ts';
import { sideMenu } from '../login-helpers.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
// By its markup: an open dialog may hide the page from the accessibility tree.
const overall = (page: Page) => page.locator('section[aria-label="Overall Stats"]');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Dashboard' });
const noResults = (page: Page) => expect(overall(page).getByText('No results found')).toBeVisible();
const loading = (page: Page) => expect(overall(page).getByLabel('Loading')).toBeVisible();
/** A dialog saying one of `messages`: none may be open. */
const noDialogSaying = (page: Page, ...messages: string[]) =>
  expect(dialog(page).filter({ hasText: new RegExp(messages.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) })).toHaveCount(0);

/**
 * The keyboard works the screen: while a call that shows the app-wide spinner is out (the
 * locations, the houses, the users to view as, the announcements, a house switch) its overlay
 * takes the pointer, not the keyboard, so a user reaches the header and the cards by Tab and
 * Enter. A modal dialog keeps the keyboard too: the mapping does nothing under one (`only`).
 */
const enter = (target: Locator) => target.press('Enter');

/** Days `from`–`to` of the month the picker opens on; `monthsApart` months between them (13: over a year). */
async function pickRangeByKeys(page: Page, from: string, to: string, monthsApart = 0) {
  await enter(page.getByRole('button', { name: 'Date range' }));
  const day = (d: string) => page.locator('table button:not([data-outside])', { hasText: new RegExp(`^${d}$`) }).first();
  const month = (direction: 'previous' | 'next') => page.locator(`[data-direction="${direction}"]`).first();
  for (let i = 0; i < monthsApart; i++) await enter(month('previous'));
  await enter(day(from));
  for (let i = 0; i < monthsApart; i++) await enter(month('next'));
  await enter(day(to));
}

/** The demo server's leader of Boston is Hollis Houses; 'Dana District' is one of Boston's users. */
const viewAsOption = (userId: number) => (userId === SAMPLE_USER_ID ? /Hollis Houses/ : /Dana District/);

/**
 * What the app has on screen and under way at each step of a path, to tell what a user can do
 * there: under a modal dialog nothing but its OK; a select only with options; a side call's
 * answer only while it is out (held when the path settles it).
 */
function userCanReplay(path: CataloguePath): boolean {
  const settles = (id: string) => path.events.some((e) => e.type.endsWith(`.actor.${id}`));
  const held = { lost: settles('loadLostVolume'), monthly: settles('loadMonthlyVolume'), users: settles('loadViewAsUsers'), banners: settles('loadAnnouncements') };
  let dialogOpen = false;
  let located = false;
  let viewing = false;
  /** The houses for the selector: held in the paths that say when they arrive. */
  let housesIn = !path.events.some((e) => e.type === 'houseSwitch.housesLoaded');
  let sideLoads = { lost: false, monthly: false };
  /** Out: asked and held, not yet answered; listed: the View As options are there. */
  let usersOut = held.users;
  let usersListed = !held.users;
  let bannersOut = held.banners;
  let bannersShown = !held.banners;
  /** The demo server's three banners less those dismissed; folded on a phone until expanded. */
  let banners = 3;
  let expanded = false;
  /** The path's lost volume (the sample's rows: the demo data's Boston has none) is on screen. */
  let lostVolumeIn = false;
  /** Volume By Month shows once its volume has come (the flag is on on the demo server), and stays. */
  let monthlyOn = false;
  for (const [i, e] of path.events.entries()) {
    const from = i === 0 ? path.start : path.states[i - 1]!;
    const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type);
    if (!answer && e.type !== 'dashboard.dialogClosed' && e.type !== 'houseSwitch.housesLoaded' && dialogOpen) return false;
    const done = answer?.[1] === 'done';
    switch (answer?.[2] ?? e.type) {
      case 'loadMerchants':
        if (done && (e.output as unknown[]).length > 0) {
          sideLoads = { lost: true, monthly: true };
          // Not held, the demo server's side loads come at once.
          monthlyOn ||= !held.monthly;
        } else dialogOpen = true;
        break;
      case 'loadDashboard':
        if (!done || !((e.output as DashboardResponse).totalVolume > 0)) dialogOpen = true;
        break;
      case 'loadLostVolume':
      case 'loadMonthlyVolume': {
        const which = answer![2] === 'loadLostVolume' ? 'lost' : 'monthly';
        if (!sideLoads[which]) return false;
        sideLoads = { ...sideLoads, [which]: false };
        if (which === 'lost') lostVolumeIn = done;
        else monthlyOn ||= done;
        break;
      }
      case 'loadViewAsUsers':
        if (!usersOut) return false;
        usersOut = false;
        usersListed = done;
        break;
      case 'loadAnnouncements':
        if (!bannersOut) return false;
        bannersOut = false;
        bannersShown = done;
        break;
      case 'houseSwitch.switched':
      case 'houseSwitch.kept':
        usersOut = held.users;
        usersListed = !held.users;
        break;
      case 'dashboard.dialogClosed':
        if (!dialogOpen) return false;
        dialogOpen = false;
        break;
      case 'dashboard.rangeChanged':
        if (rangeTooLong(e.range as never)) dialogOpen = true;
        break;
      case 'dashboard.locationSelected':
        // All Locations by the clear button, shown only beside a location (the machine takes only another one).
        located = e.merchantId !== null;
        sideLoads = { lost: true, monthly: true };
        lostVolumeIn = false;
        monthlyOn ||= !held.monthly;
        break;
      // The menu's Dashboard link: the default range (a reload, held) and All Locations again.
      case 'route.changed':
        if (located) {
          located = lostVolumeIn = false;
          sideLoads = { lost: true, monthly: true };
          monthlyOn ||= !held.monthly;
        }
        break;
      case 'dashboard.distributorSelected':
        if (!housesIn) return false;
        located = viewing = lostVolumeIn = false;
        sideLoads = { lost: false, monthly: false };
        usersOut = usersListed = false;
        break;
      case 'dashboard.viewAsChanged':
        if (!usersListed || (e.userId === SAMPLE_USER_ID) !== viewing) return false;
        viewing = e.userId === dmUserId;
        located = lostVolumeIn = false;
        sideLoads = { lost: false, monthly: false };
        break;
      case 'dashboard.announcementDismissed':
        if (!bannersShown || banners === 0) return false;
        banners--;
        break;
      case 'dashboard.announcementsExpanded':
        if (!bannersShown || banners < 2 || expanded) return false;
        expanded = true;
        break;
      case 'dashboard.rowsResized':
        // The demo data has more than five lost items (once the totals are in); the lost volume is the path's.
        if (e.card === 'lostItems' ? from !== 'complete' : !lostVolumeIn) return false;
        break;
      case 'dashboard.monthlyMonthsChanged':
      case 'dashboard.monthlyTableToggled':
        if (!monthlyOn) return false;
        break;
      case 'houseSwitch.housesLoaded':
        if (housesIn) return false;
        housesIn = true;
        break;
    }
  }
  return true;
}

/**
 * The dashboard's loading, cancellation on a new range while the call is out, its failures, its
 * filters, side loads and banners, and the house switch, for a leader of Boston with more houses
 * (house-switch.ts). The real server answers, but for what the demo data never says (a house
 * without locations, a range without totals): those answers are the path's samples.
 */
export const dashboardModel: BrowserModel = {
  machine: 'dashboard',
  start: {
    'leader of Harbor Foods Boston': async (page) => {
      await holdHouseSwitch(page);
      await openSignedIn(page, MULTI_HOUSE_LEADER, '/dashboard');
      // The screen's code arrives first (a lazy chunk: seen to take over 15 s on a machine this busy).
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 60_000 });
    },
  },
  calls: {
    loadMerchants: { url: '**/api/merchant', sampleAnswer: (output) => (output as unknown[]).length === 0 },
    loadDashboard: { url: '**/api/dashboard', sampleAnswer: (output) => !((output as DashboardResponse).totalVolume > 0) },
    // The path's rows: the demo data's Boston lost no volume month over month.
    loadLostVolume: { url: '**/api/dashboard/lost-volume', onlyInPathsSettlingIt: true, sampleAnswer: true },
    loadMonthlyVolume: { url: '**/api/dashboard/monthly-volume', onlyInPathsSettlingIt: true },
    loadViewAsUsers: { url: /\/api\/distributor\/users-of-child\?/, onlyInPathsSettlingIt: true },
    loadAnnouncements: { url: '**/api/announcement', onlyInPathsSettlingIt: true },
    // The house-switch child's houses for the selector: the real server's, when the path says.
    'houseSwitch.housesLoaded': { url: '**/api/user/current-distributor', onlyInPathsSettlingIt: true },
  },
  events: {
    // Any range inside the month the picker opens on (the sample's dates are not the demo data's); over a year for one it refuses.
    'dashboard.rangeChanged': (page, e) => (rangeTooLong(e.range as never) ? pickRangeByKeys(page, '1', '20', 13) : pickRangeByKeys(page, '1', '10')),
    'dashboard.distributorSelected': (page) => chooseByKeys(page, houseSelect(page), /Harbor Foods Portland/),
    'houseSwitch.switched': houseSwitchEvents['houseSwitch.switched'],
    'houseSwitch.kept': houseSwitchEvents['houseSwitch.kept'],
    // A location, or All Locations by its clear button.
    'dashboard.locationSelected': async (page, e) => {
      const location = page.getByRole('textbox', { name: 'Location' });
      if (e.merchantId === null) await enter(location.locator('xpath=ancestor::div[contains(@class,"mantine-Select-root")][1]').locator('button'));
      else await chooseByKeys(page, location, /./);
    },
    'dashboard.lostItemsSorted': (page, e) => enter(page.getByRole('tab', { name: e.sortBy === 'rebate' ? 'Rebates' : 'Volume' })),
    'dashboard.viewAsChanged': (page, e) => chooseByKeys(page, page.getByRole('textbox', { name: 'View As' }), viewAsOption(e.userId as number)),
    'dashboard.dialogClosed': (page) => enter(dialog(page).getByRole('button', { name: 'OK' })),
    'dashboard.announcementDismissed': (page) => enter(page.getByRole('button', { name: 'Dismiss announcement' }).first()),
    // The button is there on a phone: the window made narrow, then wide again.
    'dashboard.announcementsExpanded': async (page) => {
      const wide = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await enter(page.getByRole('region', { name: 'Announcements' }).getByRole('button', { name: /^Show \d+ more announcements?$/ }));
      await page.setViewportSize(wide);
    },
    'dashboard.rowsResized': (page, e) => {
      const card = e.card === 'lostItems' ? 'Top Items Lost to Competitors' : 'Customers With Lost Volume Month over Month';
      return enter(page.locator(`section[aria-label="${card}"]`).getByRole('button', { name: e.direction === 'more' ? 'Show more' : 'Show less' }));
    },
    // A radio and a switch: Space takes them.
    'dashboard.monthlyMonthsChanged': (page, e) => page.getByRole('radio', { name: `${e.months as number} months` }).press('Space'),
    'dashboard.monthlyTableToggled': (page) => page.getByRole('switch', { name: 'Table' }).press('Space'),
    'route.changed': (page) => enter(sideMenu(page).getByRole('link', { name: 'Dashboard', exact: true })),
  },
  states: {
    loadingMerchants: loading,
    loadingDashboard: loading,
    complete: async (page) => {
      await expect(page.getByTestId('stat-Total Volume')).toHaveText(/^\$[\d,]+\.\d\d$/);
      // Only a range refused may be asked about here.
      await noDialogSaying(page, LOAD_FAILED_MESSAGE, NO_DATA_MESSAGE, MERCHANTS_FAILED_MESSAGE);
    },
    failed: async (page) => {
      await noResults(page);
      await noDialogSaying(page, MERCHANTS_FAILED_MESSAGE);
    },
    merchantsFailed: async (page) => {
      await noResults(page);
      await expect(page.getByRole('textbox', { name: 'Location' })).toBeDisabled();
      await noDialogSaying(page, LOAD_FAILED_MESSAGE, NO_DATA_MESSAGE);
    },
    switchingDistributor: switchingHouse,
  },
  only: userCanReplay,
};
