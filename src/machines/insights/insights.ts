import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { RANGE_TOO_LONG_MESSAGE } from '../../model/dashboard.ts';
import { previousMonth, rangeReversed, rangeTooLong, todayIso, type DateRange } from '../../model/date-range.ts';
import type { InsightsMerchant, InsightsMerchantsPayload } from '../../model/insights.ts';
import {
  DEFAULT_INSIGHTS_URL, DEFAULT_MERCHANT_SORT, filterPayload, insightsPath, itemsUrl, linkedOrderMonth, MERCHANT_TEXT_COLUMNS, monthOf, type LostFilter, type MerchantColumn,
} from '../../model/insights-rules.ts';
import { nextColumnSort, type ColumnSort } from '../../model/sort-rule.ts';
import type { PageRouteEvent, RouteGoEvent } from '../shell/page-spec.ts';
import type { Place } from '../../services/router-port.ts';
import { selectOrderDay, selectOrderMonths } from '../session/selectors.ts';
import type { SessionMemoryEvent, sessionMemoryMachine } from '../session/session-memory.ts';
import { insightsService } from '../../services/insights-service.ts';
import { competitiveItemsMachine } from './competitive-items.ts';
import { itemMatchMachine } from '../rebates/item-match.ts';
import { competitorOrderMachine } from './competitor-order.ts';
import { orderHistoryMachine } from './order-history.ts';
import { insightsScreenOf, lostFilterOf } from './insights-route.ts';
import { winBackMachine } from './win-back.ts';

/**
 * The competitive-insights section (analytics spec §2, §4): its date range, the last page viewed,
 * and the merchants table (search, sort, the dashboard's lost category or item filter, and the
 * single-merchant redirect with its banner). One actor for the section's pages: the app's root
 * runs it as the page `insights` (./pages.ts), kept while the session lasts, and tells it each
 * change of place within the section (`route.changed`); it redirects through the router and runs
 * the screen of the place (a merchant's items, its order history, a competitor order, the house's
 * win-back list, an item's similar items) as its child.
 */

export interface InsightsInput {
  /** YYYY-MM-DD; the browser's today unless a test passes its own. */
  today?: string;
  /** The section's page last viewed (the session's: it outlives the screen). */
  lastUrl?: string;
  /** Where the section opens (the page's route); none in a test that drives no routes. */
  place?: Place;
}

/** The screen of the place, run as the section's child (none on the merchants list). */
export type InsightsScreen =
  | { kind: 'items'; key: string; ref: ActorRefFrom<typeof competitiveItemsMachine> }
  | { kind: 'orderHistory'; key: string; ref: ActorRefFrom<typeof orderHistoryMachine> }
  | { kind: 'competitorOrder'; key: string; ref: ActorRefFrom<typeof competitorOrderMachine>; distributorId: string }
  | { kind: 'houseWinBack'; key: string; ref: ActorRefFrom<typeof winBackMachine> }
  | { kind: 'matches'; key: string; ref: ActorRefFrom<typeof itemMatchMachine> };

export interface InsightsContext {
  today: string;
  range: DateRange;
  search: string;
  sort: ColumnSort<MerchantColumn>;
  filter: LostFilter | null;
  rows: InsightsMerchant[];
  lastUrl: string;
  dialog: string | null;
  /** The one merchant left by a dashboard filter: the section went to its items (through the router). */
  redirect: InsightsMerchant | null;
  /** Spec §8's banner on the items page after that redirect. */
  banner: boolean;
  /** The place last seen (or asked for): a place told again is no new entry. */
  place: Place | null;
  /** Where the section opened, until it has followed it. */
  opening: Place | null;
  screen: InsightsScreen | null;
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
  | { type: 'insights.dialogClosed' }
  | PageRouteEvent;

/** The router, or (a test without the app's system) the machine itself, which ignores the ask. */
const routerOf = (system: { get: (id: string) => AnyActorRef | undefined }, self: AnyActorRef) => system.get('router') ?? self;
const sameScreen = (a: InsightsScreen | null, key: string | null) => (a?.key ?? null) === key;

const payload = (c: InsightsContext): InsightsMerchantsPayload => ({ ...c.range, ...filterPayload(c.filter) });

// A new range reloads the table, but only once the table was asked for (the items pages share the range).
const reload = [
  { guard: 'rangeTooLong', actions: 'refuseRange' },
  { guard: 'rangeAccepted', target: 'loading', reenter: true, actions: 'assignRange' },
] as const;
const clearFilter = { guard: 'hasFilter', target: 'loading', actions: ['clearFilter', 'dropFilterFromUrl'] } as const;

export const insightsMachine = setup({
  types: { context: {} as InsightsContext, events: {} as InsightsEvent, input: {} as InsightsInput },
  actors: {
    competitiveItems: competitiveItemsMachine,
    orderHistory: orderHistoryMachine,
    competitorOrder: competitorOrderMachine,
    winBack: winBackMachine,
    itemMatch: itemMatchMachine,
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
    showMerchants: assign((_, rows: InsightsMerchant[]) => ({ rows })),
    redirectToMerchant: assign((_, rows: InsightsMerchant[]) => ({ rows, redirect: rows[0]!, banner: true })),
    clearRows: assign({ rows: [] }),
    /** Spec §4: the one merchant's items, in place of the list (the banner says why). */
    goToRedirect: enqueueActions(({ enqueue, system, self }, rows: InsightsMerchant[]) => {
      const url = itemsUrl(rows[0]!.merchant, rows[0]!.id);
      enqueue.sendTo(routerOf(system, self), { type: 'route.go', to: url, replace: true } satisfies RouteGoEvent);
    }),
    /** Clearing the filter drops it from the address too; that place is no new entry to the list. */
    dropFilterFromUrl: enqueueActions(({ enqueue, system, self }) => {
      enqueue.assign({ place: { pathname: DEFAULT_INSIGHTS_URL, search: '' } });
      enqueue.sendTo(routerOf(system, self), { type: 'route.go', to: DEFAULT_INSIGHTS_URL, replace: true } satisfies RouteGoEvent);
    }),
    /** The section opens where its route says. */
    openPlace: enqueueActions(({ enqueue, context }) => {
      if (!context.opening) return;
      enqueue.assign({ opening: null });
      enqueue.raise({ type: 'route.changed', place: context.opening, params: {} });
    }),
    /**
     * A place within the section (spec §2): /competitiveinsights goes to the last page viewed (the
     * dashboard's filter to the filtered list), an unknown path to the merchants list; a page of
     * the section is remembered, the list entered anew, and the place's screen run.
     */
    followPlace: enqueueActions(({ enqueue, context, event, system, self }) => {
      if (event.type !== 'route.changed') return;
      const { place } = event;
      const told = context.place !== null && context.place.pathname === place.pathname && context.place.search === place.search;
      const screen = insightsScreenOf(place);
      const go = (to: string) => {
        // The entry is a place of its own: the page it goes to is entered anew.
        enqueue.assign({ place });
        enqueue.sendTo(routerOf(system, self), { type: 'route.go', to, replace: true } satisfies RouteGoEvent);
      };
      if (screen.kind === 'index') {
        const query = new URLSearchParams(place.search);
        return go(query.has('category') || query.has('item') ? `${DEFAULT_INSIGHTS_URL}${place.search}` : context.lastUrl);
      }
      if (screen.kind === 'unknown') return go(DEFAULT_INSIGHTS_URL);
      enqueue.assign({ place });
      // The section comes back to this page when reopened (spec §2); the session keeps it for a reload.
      const url = insightsPath(place.pathname);
      enqueue.assign({ lastUrl: url });
      const visited: SessionMemoryEvent = { type: 'session.pageVisited', section: 'insights', url };
      enqueue.sendTo(system.get('session') ?? self, visited);
      if (screen.kind === 'merchants' && !told) enqueue.raise({ type: 'insights.merchantsEntered', filter: lostFilterOf(new URLSearchParams(place.search)) });
      // The place's screen: the running one when it is the same, else a new one (another merchant, another day).
      const key = 'key' in screen ? screen.key : null;
      if (sameScreen(context.screen, key)) return;
      if (context.screen) enqueue.stopChild(context.screen.ref);
      const session = system.get('session') as ActorRefFrom<typeof sessionMemoryMachine> | undefined;
      // The session's memory (in a test, a stand-in without one: nothing fetched before).
      const snapshot = session?.getSnapshot();
      const memory = snapshot?.context?.orderMonths ? snapshot : undefined;
      enqueue.assign(({ spawn }): Partial<InsightsContext> => {
        switch (screen.kind) {
          case 'items':
            return { screen: { kind: 'items', key: screen.key, ref: spawn('competitiveItems', { input: { merchantId: screen.merchantId, range: context.range, section: self } }) } };
          case 'orderHistory': {
            const months = memory ? selectOrderMonths(screen.merchantId)(memory) : {};
            // A link's month (a reload) wins over the section's range.
            const month = linkedOrderMonth(place.search, context.today) ?? monthOf(context.range.startDate);
            const input = { merchantId: screen.merchantId, merchant: screen.merchant, month, months, today: context.today, path: place.pathname };
            return { screen: { kind: 'orderHistory', key: screen.key, ref: spawn('orderHistory', { input }) } };
          }
          case 'competitorOrder': {
            const invoices = memory ? selectOrderDay(screen.merchantId, screen.date)(memory) : [];
            const input = { merchantId: screen.merchantId, merchant: screen.merchant, date: screen.date, invoices };
            return { screen: { kind: 'competitorOrder', key: screen.key, distributorId: screen.distributorId, ref: spawn('competitorOrder', { input }) } };
          }
          case 'houseWinBack':
            return { screen: { kind: 'houseWinBack', key: screen.key, ref: spawn('winBack', { input: { merchantId: null, range: context.range, section: self } }) } };
          case 'matches': {
            // The rebates area's similar items and feedback, asked for the item as the screen starts.
            const key = { min: screen.min, manufacturerPlatformId: screen.manufacturerPlatformId };
            return { screen: { kind: 'matches', key: screen.key, ref: spawn('itemMatch', { input: { key } }) } };
          }
          default:
            return { screen: null };
        }
      });
    }),
    visit: enqueueActions(({ enqueue, system, self }, params: { path: string }) => {
      const url = insightsPath(params.path);
      enqueue.assign({ lastUrl: url });
      const visited: SessionMemoryEvent = { type: 'session.pageVisited', section: 'insights', url };
      enqueue.sendTo(system.get('session') ?? self, visited);
    }),
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
    place: null,
    opening: input.place ?? null,
    screen: null,
  }),
  entry: 'openPlace',
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
    'insights.visited': { actions: { type: 'visit', params: ({ event }) => ({ path: event.path }) } },
    'route.changed': { actions: 'followPlace' },
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
            actions: [
              { type: 'redirectToMerchant', params: ({ event }) => event.output },
              { type: 'goToRedirect', params: ({ event }) => event.output },
            ],
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
