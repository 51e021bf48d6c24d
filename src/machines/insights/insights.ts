import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { RANGE_TOO_LONG_MESSAGE } from '../../model/dashboard.ts';
import { previousMonth, rangeReversed, rangeTooLong, todayIso, type DateRange } from '../../model/date-range.ts';
import type { InsightsMerchant, InsightsMerchantsPayload } from '../../model/insights.ts';
import { DEFAULT_INSIGHTS_URL, DEFAULT_MERCHANT_SORT, filterPayload, insightsPath, MERCHANT_TEXT_COLUMNS, type LostFilter, type MerchantColumn } from '../../model/insights-rules.ts';
import { nextColumnSort, type ColumnSort } from '../../model/sort-rule.ts';
import { sendToSession } from '../shell/system-actors.ts';
import { insightsService } from '../../services/insights-service.ts';

/**
 * The competitive-insights section (analytics spec §2, §4): its date range, the last page viewed,
 * and the merchants table (search, sort, the dashboard's lost category or item filter, and the
 * single-merchant redirect with its banner). One actor for the section's pages.
 */

export interface InsightsInput {
  /** YYYY-MM-DD; the browser's today unless a test passes its own. */
  today?: string;
  /** The section's page last viewed (the session's: it outlives the screen). */
  lastUrl?: string;
}

export interface InsightsContext {
  today: string;
  range: DateRange;
  search: string;
  sort: ColumnSort<MerchantColumn>;
  filter: LostFilter | null;
  rows: InsightsMerchant[];
  lastUrl: string;
  dialog: string | null;
  /** The one merchant left by a dashboard filter: the view goes to its items. */
  redirect: InsightsMerchant | null;
  /** Spec §8's banner on the items page after that redirect. */
  banner: boolean;
}

export type InsightsEvent =
  /** Entry to the merchants list, with the dashboard's filter when it came from there. */
  | { type: 'insights.merchantsEntered'; filter: LostFilter | null }
  | { type: 'insights.rangeChanged'; range: DateRange }
  | { type: 'insights.searchChanged'; search: string }
  | { type: 'insights.sortChanged'; column: MerchantColumn }
  | { type: 'insights.filterCleared' }
  | { type: 'insights.redirected' }
  | { type: 'insights.bannerDismissed' }
  | { type: 'insights.visited'; path: string }
  | { type: 'insights.retry' }
  | { type: 'insights.dialogClosed' };

const payload = (c: InsightsContext): InsightsMerchantsPayload => ({ ...c.range, ...filterPayload(c.filter) });

// A new range reloads the table, but only once the table was asked for (the items pages share the range).
const reload = [
  { guard: 'rangeTooLong', actions: 'refuseRange' },
  { guard: 'rangeAccepted', target: 'loading', reenter: true, actions: 'assignRange' },
] as const;
const clearFilter = { guard: 'hasFilter', target: 'loading', actions: 'clearFilter' } as const;

export const insightsMachine = setup({
  types: { context: {} as InsightsContext, events: {} as InsightsEvent, input: {} as InsightsInput },
  actors: {
    loadMerchants: fromObservableWithOutput<InsightsMerchant[], InsightsMerchantsPayload>((input) => insightsService.merchants(input)),
  },
  guards: {
    rangeAccepted: ({ event }) => event.type === 'insights.rangeChanged' && !rangeTooLong(event.range) && !rangeReversed(event.range),
    rangeTooLong: ({ event }) => event.type === 'insights.rangeChanged' && rangeTooLong(event.range),
    hasFilter: ({ context }) => context.filter !== null,
    /** Spec §4: the dashboard's filter left one merchant. */
    oneMerchantLeft: ({ context }, rows: InsightsMerchant[]) => context.filter !== null && rows.length === 1,
  },
  actions: {
    // Spec §4: entering the list resets the from date to the first day of the previous month
    // (the range becomes the previous month, the default) and clears the search.
    enterMerchants: assign(({ context, event }) =>
      (event.type === 'insights.merchantsEntered' ? { range: previousMonth(context.today), search: '', filter: event.filter, banner: false, redirect: null } : {})),
    assignRange: assign(({ event }) => (event.type === 'insights.rangeChanged' ? { range: event.range } : {})),
    refuseRange: assign({ dialog: RANGE_TOO_LONG_MESSAGE }),
    clearFilter: assign({ filter: null }),
    setSearch: assign(({ event }) => (event.type === 'insights.searchChanged' ? { search: event.search } : {})),
    sortBy: assign(({ context, event }) => (event.type === 'insights.sortChanged' ? { sort: nextColumnSort(context.sort, event.column, MERCHANT_TEXT_COLUMNS) } : {})),
    forgetRedirect: assign({ redirect: null }),
    dismissBanner: assign({ banner: false }),
    closeDialog: assign({ dialog: null }),
    visit: assign(({ event }) => (event.type === 'insights.visited' ? { lastUrl: insightsPath(event.path) } : {})),
    rememberUrl: sendToSession((params: { url: string }) => ({ type: 'session.pageVisited', section: 'insights', url: params.url }))(),
    showMerchants: assign((_, rows: InsightsMerchant[]) => ({ rows })),
    redirectToMerchant: assign((_, rows: InsightsMerchant[]) => ({ rows, redirect: rows[0]!, banner: true })),
    clearRows: assign({ rows: [] }),
  },
}).createMachine({
  id: 'insights',
  context: ({ input }) => ({
    today: input.today ?? todayIso(),
    range: previousMonth(input.today ?? todayIso()),
    search: '',
    sort: DEFAULT_MERCHANT_SORT,
    filter: null,
    rows: [],
    lastUrl: insightsPath(input.lastUrl ?? DEFAULT_INSIGHTS_URL),
    dialog: null,
    redirect: null,
    banner: false,
  }),
  initial: 'idle',
  on: {
    'insights.merchantsEntered': { target: '.loading', reenter: true, actions: 'enterMerchants' },
    'insights.rangeChanged': [
      { guard: 'rangeTooLong', actions: 'refuseRange' },
      { guard: 'rangeAccepted', actions: 'assignRange' },
    ],
    'insights.searchChanged': { actions: 'setSearch' },
    'insights.sortChanged': { actions: 'sortBy' },
    'insights.redirected': { actions: 'forgetRedirect' },
    'insights.bannerDismissed': { actions: 'dismissBanner' },
    'insights.dialogClosed': { actions: 'closeDialog' },
    // After the visit is assigned, the session keeps the page for the menu entry and a reload.
    'insights.visited': { actions: ['visit', { type: 'rememberUrl', params: ({ context }) => ({ url: context.lastUrl }) }] },
  },
  states: {
    idle: {},
    loading: {
      // A redirect is about the answer just loaded, never an older one.
      entry: 'forgetRedirect',
      on: { 'insights.rangeChanged': reload },
      invoke: {
        id: 'loadMerchants',
        src: 'loadMerchants',
        input: ({ context }) => payload(context),
        onDone: [
          // Spec §4: one merchant left after the dashboard's filter: straight to its items, with the banner.
          {
            guard: { type: 'oneMerchantLeft', params: ({ event }) => event.output },
            target: 'loaded',
            actions: { type: 'redirectToMerchant', params: ({ event }) => event.output },
          },
          { target: 'loaded', actions: { type: 'showMerchants', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'clearRows' },
      },
    },
    loaded: {
      on: {
        'insights.rangeChanged': reload,
        'insights.filterCleared': clearFilter,
      },
    },
    failed: {
      on: {
        'insights.rangeChanged': reload,
        'insights.retry': 'loading',
        'insights.filterCleared': clearFilter,
      },
    },
  },
});
