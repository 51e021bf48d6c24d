import type { ActorRefFrom, DoneActorEvent } from 'xstate';
import type { Announcement } from '../../model/announcement.ts';
import type { DashboardPayload, DashboardResponse, LostVolumeResponse, Merchant, MonthlyVolumeResponse } from '../../model/dashboard.ts';
import type { DateRange } from '../../model/date-range.ts';
import type { House } from '../../model/distributor.ts';
import { nextCount } from '../../model/format.ts';
import type { HouseUser } from '../../model/house-users.ts';
import type { ActiveDistributor } from '../../model/session-user.ts';
import type { LoadSpeedInput, loadSpeedMachine } from '../admin-panel/load-speed-test.ts';
import type { HouseSwitchReport } from '../house-switch/house-switch.ts';
import type { PageRouteEvent } from '../shell/page-spec.ts';

/** The dashboard machine's input, context, events and the payloads it derives (./dashboard.ts). */

export const NO_DATA_MESSAGE = 'There is no dashboard data available for your merchants.';
export const LOAD_FAILED_MESSAGE = "Couldn't load dashboard data.";

export interface DashboardInput {
  /** YYYY-MM-DD; the browser's today unless a test passes its own. */
  today?: string;
  activeDistributor: ActiveDistributor | null;
  /** The logged-in user: choosing them in View As means viewing as oneself. */
  userId: number | null;
  /** Admin and Leadership get the View As selector. */
  canViewAs: boolean;
  /** The View As choice in force when the screen opens (the session's: it outlives the screen). */
  viewAsUserId: number | null;
  /** The query of the dashboard's URL as it opens (`?from=…&to=…&location=…`, ./dashboard-url.ts); none: the defaults. */
  search?: string;
  /** The load-speed test's input when an internal admin entered the user's session (analytics spec §6); else none. */
  loadSpeed?: LoadSpeedInput | null;
}

export interface DashboardContext {
  /** YYYY-MM-DD: the default range is the month before it. */
  today: string;
  /** The query of the URL as last seen or asked for: the range and location are written there only when they change. */
  query: string;
  range: DateRange;
  merchants: Merchant[];
  /** null: All Locations. */
  selectedMerchantId: number | null;
  dashboard: DashboardResponse | null;
  lostVolume: LostVolumeResponse;
  monthlyVolume: MonthlyVolumeResponse['data'];
  /** The side loads are out (their answers come only then). */
  lostVolumeLoading: boolean;
  monthlyVolumeLoading: boolean;
  /** The volume-by-month feature flag, as the server reports it (404 = off). */
  monthlyVolumeOn: boolean;
  /** Volume By Month: how many of the last months show, and whether as a table (the chart's fallback). */
  monthlyMonths: MonthlyMonths;
  monthlyAsTable: boolean;
  houses: House[];
  activeDistributor: ActiveDistributor | null;
  dialog: string | null;
  announcements: Announcement[];
  /** A phone shows the first banner and how many more; this shows them all. */
  announcementsExpanded: boolean;
  userId: number | null;
  canViewAs: boolean;
  /** The active house's users, for View As. */
  viewAsUsers: HouseUser[];
  /** null: the user's own view. */
  viewAsUserId: number | null;
  /** Top Items Lost: the tab (what the items are ordered by) and how many rows show. */
  lostItemsSort: LostItemsSort;
  lostItemsShown: number;
  /** Customers With Lost Volume: how many rows show. */
  lostVolumeShown: number;
  /** The load-speed test, run beside the dashboard when an internal admin entered the session. */
  loadSpeed: ActorRefFrom<typeof loadSpeedMachine> | null;
}

export type DashboardEvent =
  /** The side loads spawned beside the dashboard (lost and monthly volume, the users to view as) answer. */
  | DoneActorEvent<LostVolumeResponse, 'loadLostVolume'>
  | DoneActorEvent<MonthlyVolumeResponse | null, 'loadMonthlyVolume'>
  | DoneActorEvent<HouseUser[], 'loadViewAsUsers'>
  /** `via: 'url'`: the URL named it (../dashboard-url.ts), so it is not written back. */
  | { type: 'dashboard.rangeChanged'; range: DateRange; via?: 'url' }
  | { type: 'dashboard.locationSelected'; merchantId: number | null; via?: 'url' }
  | { type: 'dashboard.distributorSelected'; distributorId: number }
  /** View As: a user of the house, or null / oneself for one's own view. */
  | { type: 'dashboard.viewAsChanged'; userId: number | null }
  | { type: 'dashboard.dialogClosed' }
  | { type: 'dashboard.announcementDismissed'; id: number }
  | { type: 'dashboard.announcementsExpanded' }
  | { type: 'dashboard.monthlyMonthsChanged'; months: MonthlyMonths }
  | { type: 'dashboard.monthlyTableToggled' }
  | { type: 'dashboard.lostItemsSorted'; sortBy: LostItemsSort }
  /** Show more / Show less under a card's table. */
  | { type: 'dashboard.rowsResized'; card: RowsCard; direction: 'more' | 'less' }
  | HouseSwitchReport
  /** The place changed within the dashboard (another range or location in the URL). */
  | PageRouteEvent;

export const MONTHLY_MONTHS = [3, 6, 12] as const;
export type MonthlyMonths = (typeof MONTHLY_MONTHS)[number];

export type LostItemsSort = 'volume' | 'rebate';
export type RowsCard = 'lostItems' | 'lostVolume';
/** The cards' tables start with this many rows and grow or shrink by as many. */
export const ROWS_STEP = 5;

export const EMPTY_LOST_VOLUME: LostVolumeResponse = { data: [], totalLastMonthPurchase: 0, totalTwoMonthsAgoPurchase: 0 };

/** The merchants a request is about: the selected location, or every location listed. */
export const scopeIds = (c: Pick<DashboardContext, 'merchants' | 'selectedMerchantId'>): number[] =>
  c.selectedMerchantId !== null ? [c.selectedMerchantId] : c.merchants.map((m) => m.id);

/** Spec §5: rebates on, deviations off, always. */
export const dashboardPayload = (c: DashboardContext): DashboardPayload => ({
  startDate: c.range.startDate,
  endDate: c.range.endDate,
  showRebates: 1,
  showDeviations: 0,
  merchants: scopeIds(c) as DashboardPayload['merchants'],
});


/** Choosing oneself in View As is the same as clearing it. */
export const viewerOf = (c: Pick<DashboardContext, 'userId'>, userId: number | null) => (userId === c.userId ? null : userId);

// New numbers are other rows, so the tables start again from their first rows; the tab stays,
// like Volume By Month's months: it is how the user chose to look, not what they looked at.
/** What clears the dashboard's numbers (a new range, location, house or viewer). */
export const NO_DASHBOARD = { dashboard: null, lostItemsShown: ROWS_STEP } as const;
/** What clears the lost volume (it follows the locations). */
export const NO_LOST_VOLUME = { lostVolume: EMPTY_LOST_VOLUME, lostVolumeShown: ROWS_STEP } as const;
/** Neither side load out, the monthly volume cleared (a new viewer or house stops both). */
export const NO_SIDE_LOADS: Pick<DashboardContext, 'monthlyVolume' | 'lostVolumeLoading' | 'monthlyVolumeLoading'> = {
  monthlyVolume: [],
  lostVolumeLoading: false,
  monthlyVolumeLoading: false,
};

const rowsOf = (c: DashboardContext, card: RowsCard) => (card === 'lostItems' ? (c.dashboard?.lostItemDescriptions.length ?? 0) : c.lostVolume.data.length);

/** Show more / Show less: the card's rows grow or shrink by a step, within the rows it has; null when they cannot (no such button). */
export const resizedRows = (c: DashboardContext, event: Extract<DashboardEvent, { type: 'dashboard.rowsResized' }>): Partial<DashboardContext> | null => {
  const shown = event.card === 'lostItems' ? c.lostItemsShown : c.lostVolumeShown;
  const resized = nextCount(shown, ROWS_STEP, rowsOf(c, event.card), event.direction);
  if (resized === shown) return null;
  return event.card === 'lostItems' ? { lostItemsShown: resized } : { lostVolumeShown: resized };
};
