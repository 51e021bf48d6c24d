import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { RANGE_TOO_LONG_MESSAGE } from '../../model/dashboard.ts';
import { previousMonth, rangeReversed, rangeTooLong, todayIso, type DateRange } from '../../model/date-range.ts';
import type { InsightsMerchant, InsightsMerchantsPayload } from '../../model/insights.ts';
import { DEFAULT_INSIGHTS_URL, DEFAULT_MERCHANT_SORT, insightsPath, MERCHANT_TEXT_COLUMNS, type LostFilter, type MerchantColumn } from '../../model/insights-rules.ts';
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

const payload = (c: InsightsContext): InsightsMerchantsPayload => ({ ...c.range, ...(c.filter ?? {}) });

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
  },
  actions: {
    assignRange: assign(({ event }) => (event.type === 'insights.rangeChanged' ? { range: event.range } : {})),
    refuseRange: assign({ dialog: RANGE_TOO_LONG_MESSAGE }),
    clearFilter: assign({ filter: null }),
    rememberUrl: sendToSession((params: { url: string }) => ({ type: 'session.pageVisited', section: 'insights', url: params.url }))(),
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
    // Spec §4: entering the list resets the from date to the first day of the previous month
    // (the range becomes the previous month, the default) and clears the search.
    'insights.merchantsEntered': {
      target: '.loading',
      reenter: true,
      actions: assign(({ context, event }) => ({ range: previousMonth(context.today), search: '', filter: event.filter, banner: false, redirect: null })),
    },
    'insights.rangeChanged': [
      { guard: 'rangeTooLong', actions: 'refuseRange' },
      { guard: 'rangeAccepted', actions: 'assignRange' },
    ],
    'insights.searchChanged': { actions: assign(({ event }) => ({ search: event.search })) },
    'insights.sortChanged': { actions: assign(({ context, event }) => ({ sort: nextColumnSort(context.sort, event.column, MERCHANT_TEXT_COLUMNS) })) },
    'insights.redirected': { actions: assign({ redirect: null }) },
    'insights.bannerDismissed': { actions: assign({ banner: false }) },
    'insights.dialogClosed': { actions: assign({ dialog: null }) },
    'insights.visited': {
      actions: [assign(({ event }) => ({ lastUrl: insightsPath(event.path) })), { type: 'rememberUrl', params: ({ context }) => ({ url: context.lastUrl }) }],
    },
  },
  states: {
    idle: {},
    loading: {
      // A redirect is about the answer just loaded, never an older one.
      entry: assign({ redirect: null }),
      on: { 'insights.rangeChanged': reload },
      invoke: {
        id: 'loadMerchants',
        src: 'loadMerchants',
        input: ({ context }) => payload(context),
        onDone: [
          // Spec §4: one merchant left after the dashboard's filter: straight to its items, with the banner.
          {
            guard: ({ context, event }) => context.filter !== null && event.output.length === 1,
            target: 'loaded',
            actions: assign(({ event }) => ({ rows: event.output, redirect: event.output[0]!, banner: true })),
          },
          { target: 'loaded', actions: assign(({ event }) => ({ rows: event.output })) },
        ],
        onError: { target: 'failed', actions: assign({ rows: [] }) },
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
