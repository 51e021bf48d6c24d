import dayjs from 'dayjs';
import type { SnapshotFrom } from 'xstate';
import { categoriesLostExport, itemsLostExport, lostVolumeExport, monthlyVolumeExport, type CsvExport } from '../../model/dashboard-exports.ts';
import type { dashboardMachine } from './dashboard.ts';
import { MONTHLY_MONTHS, ROWS_STEP, type LostItemsSort } from './dashboard-context.ts';

/** What the dashboard shows (analytics spec §2–§6), read from its machine's snapshot. */

type S = SnapshotFrom<typeof dashboardMachine>;

export { MONTHLY_MONTHS };
/** Where a lost item leads: the merchants that bought it elsewhere, the item named by its description (issue 39). */
export { lostItemUrl } from '../../model/insights-rules.ts';

// Narrow reads, so a card re-renders only when what it shows changes.
/** While the dashboard call is out a card shows a placeholder, never the previous range's rows. */
export const selectCardsWaiting = (s: S) => s.matches('loadingDashboard') || s.matches('loadingMerchants') || s.matches('switchingDistributor');
/** The overall stats wait for the data; without any (a failed load) they say so. */
export const selectLoadFailed = (s: S) => s.matches('failed') || s.matches('merchantsFailed');
export const selectDashboard = (s: S) => s.context.dashboard;
export const selectRange = (s: S) => s.context.range;
export const selectMerchants = (s: S) => s.context.merchants;
export const selectLocation = (s: S) => s.context.selectedMerchantId;
export const selectHouses = (s: S) => s.context.houses;
export const selectActiveDistributor = (s: S) => s.context.activeDistributor;
export const selectSwitching = (s: S) => s.matches('switchingDistributor');
export const selectDialog = (s: S) => s.context.dialog;
export const selectLostVolume = (s: S) => s.context.lostVolume;
export const selectMonthlyVolume = (s: S) => s.context.monthlyVolume;
export const selectMonthlyVolumeOn = (s: S) => s.context.monthlyVolumeOn;
export const selectMonthlyMonths = (s: S) => s.context.monthlyMonths;
export const selectMonthlyAsTable = (s: S) => s.context.monthlyAsTable;
export const selectAnnouncements = (s: S) => s.context.announcements;
export interface AnnouncementBanners {
  shown: S['context']['announcements'];
  /** How many more there are, offered as one line ('Show 2 more announcements'); 0: none. */
  more: number;
}
// The same answer while the list and the folding stay the same, so the banners re-render only then.
const foldedBanners = new WeakMap<S['context']['announcements'], AnnouncementBanners>();
const openBanners = new WeakMap<S['context']['announcements'], AnnouncementBanners>();
function bannersOf(announcements: S['context']['announcements'], folded: boolean): AnnouncementBanners {
  const cache = folded ? foldedBanners : openBanners;
  let banners = cache.get(announcements);
  if (!banners) {
    banners = folded && announcements.length > 1 ? { shown: announcements.slice(0, 1), more: announcements.length - 1 } : { shown: announcements, more: 0 };
    cache.set(announcements, banners);
  }
  return banners;
}
/**
 * The banners on screen (issue 39): all of them on a wide screen; on a phone the first one and the
 * count of the others until the user asks for them, so they do not fill the first screen.
 */
export const selectAnnouncementBanners = (phone: boolean) => (s: S): AnnouncementBanners =>
  bannersOf(s.context.announcements, phone && !s.context.announcementsExpanded);
/** The line under the first banner on a phone. */
export const moreAnnouncementsLabel = (more: number) => `Show ${more} more announcement${more === 1 ? '' : 's'}`;
export const selectViewAsUsers = (s: S) => s.context.viewAsUsers;
/** The load-speed test (spec §6), run only when an internal admin entered the user's session; else none. */
export const selectLoadSpeedTest = (s: S) => s.context.loadSpeed;
/** Whose view is shown: the chosen user, else the user themselves. */
export const selectViewer = (s: S) => s.context.viewAsUserId ?? s.context.userId;

export type { LostItemsSort };
type LostItem = NonNullable<S['context']['dashboard']>['lostItemDescriptions'][number];

/** Top Items Lost: largest first by the tab's measure (volume or estimated rebates). */
export const lostItemsBy = (data: S['context']['dashboard'], sortBy: LostItemsSort): LostItem[] =>
  [...(data?.lostItemDescriptions ?? [])].sort((a, b) => b[sortBy] - a[sortBy]);

/** What a card's Show more / Show less buttons offer over a list of `total` rows. */
export interface ShownRows<T> {
  rows: T[];
  more: boolean;
  less: boolean;
}
const shownRows = <T,>(all: T[], shown: number): ShownRows<T> => ({ rows: all.slice(0, shown), more: shown < all.length, less: shown > ROWS_STEP });
/** useSelector's compare for ShownRows: the same rows (by reference) and buttons, so a card re-renders only when they change. */
export const sameShownRows = <T,>(a: ShownRows<T>, b: ShownRows<T>) =>
  a.more === b.more && a.less === b.less && a.rows.length === b.rows.length && a.rows.every((row, i) => row === b.rows[i]);

export const selectLostItemsSort = (s: S) => s.context.lostItemsSort;
/** Top Items Lost: the rows on screen, in the tab's order. */
export const selectLostItems = (s: S): ShownRows<LostItem> => shownRows(lostItemsBy(s.context.dashboard, s.context.lostItemsSort), s.context.lostItemsShown);
/** Customers With Lost Volume: the rows on screen (the card offers no Show less). */
export const selectLostVolumeRows = (s: S): ShownRows<S['context']['lostVolume']['data'][number]> => shownRows(s.context.lostVolume.data, s.context.lostVolumeShown);

/** Volume By Month: the last `monthlyMonths` months, oldest first, labelled 'Oct 2026'. */
export const selectMonthlyBars = (s: S): { month: string; volume: number }[] =>
  [...s.context.monthlyVolume]
    .sort((a, b) => a.month.localeCompare(b.month))
    .slice(-s.context.monthlyMonths)
    .map((m) => ({ month: dayjs(`${m.month}-01`).format('MMM YYYY'), volume: m.totalPurchase }));

// ---- The internal admins' CSV exports (spec §6): null when the card has nothing to export -----

export const selectCategoriesLostCsv = (s: S): CsvExport | null => s.context.dashboard && categoriesLostExport(s.context.dashboard, s.context.range);
export const selectItemsLostCsv = (s: S): CsvExport | null => s.context.dashboard && itemsLostExport(s.context.dashboard, s.context.range);
export const selectLostVolumeCsv = (s: S): CsvExport | null => (s.context.lostVolume.data.length > 0 ? lostVolumeExport(s.context.lostVolume) : null);
export const selectMonthlyVolumeCsv = (s: S): CsvExport | null => (s.context.monthlyVolume.length > 0 ? monthlyVolumeExport(s.context.monthlyVolume) : null);
