import dayjs from 'dayjs';
import type { SnapshotFrom } from 'xstate';
import { share } from '../../model/format.ts';
import { lostItemUrl } from '../../model/insights-rules.ts';
import { categoriesLostExport, itemsLostExport, lostVolumeExport, monthlyVolumeExport, type CsvExport } from '../../model/dashboard-exports.ts';
import type { dashboardMachine } from './dashboard.ts';
import { MONTHLY_MONTHS, ROWS_STEP, type LostItemsSort } from './dashboard-context.ts';

/** What the dashboard shows (analytics spec §2–§6), read from its machine's snapshot. */

type S = SnapshotFrom<typeof dashboardMachine>;

export { MONTHLY_MONTHS };
/** Where a lost item leads: the merchants that bought it elsewhere, the item named by its description (issue 39). */
export { lostItemUrl };

// Narrow reads: the parts' view models below are built from them.
/** While the dashboard call is out a card shows a placeholder, never the previous range's rows. */
export const selectCardsWaiting = (s: S) => s.matches('loadingDashboard') || s.matches('loadingMerchants') || s.matches('switchingDistributor');
/** The overall stats wait for the data; without any (a failed load) they say so. */
export const selectLoadFailed = (s: S) => s.matches('failed') || s.matches('merchantsFailed');
export const selectDashboard = (s: S) => s.context.dashboard;
export const selectRange = (s: S) => s.context.range;
export const selectLocation = (s: S) => s.context.selectedMerchantId;
const selectSwitching = (s: S) => s.matches('switchingDistributor');
export const selectDialog = (s: S) => s.context.dialog;
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
/** The load-speed test (spec §6), run only when an internal admin entered the user's session; else none. */
export const selectLoadSpeedTest = (s: S) => s.context.loadSpeed;
/** Whose view is shown: the chosen user, else the user themselves. */
const selectViewer = (s: S) => s.context.viewAsUserId ?? s.context.userId;

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

// ---- One view model per screen part (issue 37): what each part shows, read in one useSelector --------

/** The House selector: the houses, the one looked at, and no choice while a switch is under way. */
export const selectHouseSelectView = (s: S) => ({ houses: s.context.houses, activeId: s.context.activeDistributor?.id ?? null, disabled: selectSwitching(s) });

/** View As: the house's users by name (and title), whose view is shown, no choice while switching or without users. */
export const selectViewAsView = (s: S) => ({
  options: s.context.viewAsUsers.map((u) => ({ value: String(u.id), label: u.title ? `${u.contactName} (${u.title})` : u.contactName })),
  value: selectViewer(s) === null ? null : String(selectViewer(s)),
  disabled: selectSwitching(s) || s.context.viewAsUsers.length === 0,
});

/** Location: the merchants of the house, the one chosen (none: all locations). */
export const selectLocationSelectView = (s: S) => ({
  options: s.context.merchants.map((m) => ({ value: String(m.id), label: m.merchant })),
  value: s.context.selectedMerchantId === null ? null : String(s.context.selectedMerchantId),
  disabled: s.context.merchants.length === 0,
});

/** The dashboard's frame: whether Volume By Month is on (its card and the layout), and the admin's load-speed test. */
export const selectDashboardScreenView = (s: S) => ({ monthlyOn: s.context.monthlyVolumeOn, loadSpeed: s.context.loadSpeed });

/** Overall Stats: the four figures when the data is in, the competitor share of the total, or why there are none. */
export const selectOverallStatsView = (s: S) => {
  const data = s.context.dashboard;
  return {
    stats: data && {
      totalVolume: data.totalVolume,
      competitorVolume: data.competitorVolume,
      competitorShare: share(data.competitorVolume, data.totalVolume),
      totalRebates: data.totalRebates,
      annualizedRebates: data.annualizedRebates,
    },
    failed: data === null && selectLoadFailed(s),
  };
};

/** Top Items Lost: the tab, its column, the rows on screen with where each leads, and Show more / less. */
export const selectLostItemsView = (s: S) => {
  const sortBy = s.context.lostItemsSort;
  const { rows, more, less } = selectLostItems(s);
  return {
    exportable: s.context.dashboard !== null,
    sortBy,
    valueLabel: sortBy === 'volume' ? 'Volume' : 'Est. Rebates',
    rows: rows.map((i) => ({ key: `${i.min}-${i.item}`, item: i.item, value: i[sortBy], url: lostItemUrl({ min: i.min, description: i.item }) })),
    more,
    less,
  };
};

/** Customers With Lost Volume: the rows on screen, the totals over all of them, Show more. */
export const selectLostVolumeView = (s: S) => ({
  /** Its call is out: a placeholder, not 'No results found'. */
  loading: s.context.lostVolumeLoading,
  empty: s.context.lostVolume.data.length === 0,
  rows: selectLostVolumeRows(s).rows,
  more: selectLostVolumeRows(s).more,
  totalTwoMonthsAgo: s.context.lostVolume.totalTwoMonthsAgoPurchase,
  totalLastMonth: s.context.lostVolume.totalLastMonthPurchase,
});

/** Volume By Month: the months chosen, chart or table, the bars, and whether there is anything to export. */
export const selectVolumeByMonthView = (s: S) => ({
  /** Its call is out: a placeholder, not 'No results found'. */
  loading: s.context.monthlyVolumeLoading,
  exportable: s.context.monthlyVolume.length > 0,
  months: s.context.monthlyMonths,
  asTable: s.context.monthlyAsTable,
  bars: selectMonthlyBars(s),
});
