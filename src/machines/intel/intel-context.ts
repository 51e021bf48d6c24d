import type { Merchant } from '../../model/dashboard.ts';
import type { DateRange } from '../../model/date-range.ts';
import type { House } from '../../model/distributor.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import type { DetailTab, IntelView, LineChartMonths, Sort, SortColumn } from '../../model/intel-rules.ts';
import type { ActiveDistributor } from '../../model/session-user.ts';
import { batchesOf } from '../../services/intel-batches.ts';
import type { HouseSwitchReport } from '../house-switch/house-switch.ts';
import type { PageLeftEvent, PageRouteEvent } from '../shell/page-spec.ts';

/** The Intel machine's input, context, events and batch bookkeeping (./intel.ts). */

export interface IntelInput {
  /** YYYY-MM-DD; the browser's today unless a test passes its own. */
  today?: string;
  activeDistributor: ActiveDistributor | null;
  /** The Intel page last viewed (the session's: it outlives the screen). */
  lastUrl?: string;
  /** The path the section was opened on (later ones arrive as `route.changed`). */
  path?: string;
  /** Its query (`?q=…&page=…`: what a shared link says, src/model/intel-query.ts). */
  query?: string;
}

export interface IntelContext {
  range: DateRange;
  merchants: Merchant[];
  /** Intel rows of the batches loaded so far, in the order they arrived. */
  rows: IntelMerchant[];
  /** Merchants of the list whose batch has answered (the progress text's n). */
  loaded: number;
  /** Batches (indexes) still to load: all at first, then the failed ones for a retry. */
  pending: number[];
  /** Batches (indexes) answered, and those that failed. */
  done: number[];
  failed: number[];
  houses: House[];
  activeDistributor: ActiveDistributor | null;
  dialog: string | null;
  lastUrl: string;
  /** The intel path on screen (the last one the route told, while the section is kept). */
  path: string;
  /** The user is on an intel page (the root says `route.left` when they leave the kept section). */
  onScreen: boolean;
  /** The query of that place, to tell whether the address bar already says the search, sort, page and months. */
  query: string;
  /** The merchant and range whose items the `items` child loads (a detail page), or null when none runs. */
  itemsKey: string | null;
  /** A house made active on another screen while the section was kept: adopted when it is back on screen. */
  staleHouse: ActiveDistributor | null;
  /** The list's applied search (Search button or Enter), sort and page. */
  search: string;
  sort: Sort;
  page: number;
  /** Detail pages: their applied search (description or manufacturer) and the one revealed row (spec §4: one at a time). */
  detailSearch: string;
  revealed: string | null;
  /** Graph cards showing all their distributors. */
  expanded: number[];
  months: LineChartMonths;
  logScale: boolean;
  /** Charts shown as tables (their accessible fallback), for the whole section. */
  chartTables: boolean;
  /**
   * Whether the batches ask for the line chart's 12 months: only once the line chart has been
   * open, since they are most of a batch's bytes and of its work on the server.
   */
  monthly: boolean;
}

export type IntelEvent =
  | { type: 'intel.rangeChanged'; range: DateRange }
  | { type: 'intel.distributorSelected'; distributorId: number }
  | { type: 'intel.batchLoaded'; index: number; merchants: IntelMerchant[]; loaded: number }
  | { type: 'intel.batchFailed'; index: number; loaded: number }
  | { type: 'intel.retry' }
  | { type: 'intel.searchApplied'; search: string }
  | { type: 'intel.sortChanged'; column: SortColumn }
  | { type: 'intel.pageChanged'; page: number }
  | PageRouteEvent
  | PageLeftEvent
  /** The house the session acts for, each time it changes (another screen may switch it while Intel is kept). */
  | { type: 'intel.houseSeen'; activeDistributor: ActiveDistributor | null }
  | { type: 'intel.detailSearchApplied'; search: string }
  | { type: 'intel.revealToggled'; key: string }
  | { type: 'intel.showMoreToggled'; merchantId: number }
  | { type: 'intel.monthsChanged'; months: LineChartMonths }
  | { type: 'intel.scaleToggled' }
  | { type: 'intel.chartTablesToggled' }
  | { type: 'intel.dialogClosed' }
  | HouseSwitchReport;

export interface BatchInput {
  range: DateRange;
  merchants: Merchant[];
  indexes: number[];
  alreadyLoaded: number;
  monthly: boolean;
}

export const LINE_CHART_URL = '/intel/linechart';

/** What an intel path asks for: /intel (the last page), a view, a detail page (its tab maybe unknown), or nothing known. */
export type IntelPlace =
  | { kind: 'index' }
  | { kind: 'view'; view: IntelView }
  | { kind: 'detail'; merchantId: number; tab: DetailTab }
  | { kind: 'unknownTab' }
  | { kind: 'other' };

export function intelPlace(path: string): IntelPlace {
  if (path === '/intel' || path === '/intel/') return { kind: 'index' };
  const view = /^\/intel\/(list|graph|linechart)$/.exec(path)?.[1];
  if (view) return { kind: 'view', view: view as IntelView };
  const detail = /^\/intel\/detail\/([^/]+)\/([^/]+)$/.exec(path);
  if (!detail) return { kind: 'other' };
  const tab = detail[2]!;
  // An id that is no number names no merchant: once every batch has answered, the page goes back to /intel.
  return tab === 'competitive' || tab === 'distributor' ? { kind: 'detail', merchantId: Number(detail[1]), tab } : { kind: 'unknownTab' };
}

/** Which merchant's items, for which range, a detail page shows. */
export const itemsKeyOf = (merchantId: number, range: DateRange) => `${merchantId} ${range.startDate} ${range.endDate}`;

export const allBatches = (merchants: readonly Merchant[]) => batchesOf(merchants).map((_, i) => i);
/** A fresh load of every batch: what a new range or a new merchant list starts. */
export const restart = (merchants: Merchant[]) => ({ rows: [], loaded: 0, failed: [], done: [], pending: allBatches(merchants), revealed: null, page: 1 });
