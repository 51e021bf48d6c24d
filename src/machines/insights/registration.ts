import { selectCompetitorOrderView, selectDialog, selectHeaderView, selectItemsPageView, selectItemsView, selectMerchantsView, selectOrderHistoryView, selectWinBackView } from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { competitiveItemsMachine, type CompetitiveItemsContext } from './competitive-items.ts';
import { competitorOrderMachine } from './competitor-order.ts';
import { insightsMachine, type InsightsContext } from './insights.ts';
import { orderHistoryMachine, type OrderHistoryContext } from './order-history.ts';
import { winBackMachine } from './win-back.ts';
import { competitorOrderEvents, insightsEvents, itemsEvents, orderHistoryEvents, SAMPLE_TODAY, sampleInvoice, winBackEvents } from './insights-samples.ts';

const failedLoad = "'Failed to load, Try Refreshing.' with a Try again button";

export const INSIGHTS_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'insights-merchants',
    description: 'Competitive insights: the section’s range and the merchants table; entering the list resets the range and search; a dashboard filter leaving one merchant redirects to its items with the banner.',
    machine: insightsMachine,
    views: { header: selectHeaderView, merchants: selectMerchantsView, itemsPage: selectItemsPageView, dialog: selectDialog },
    events: insightsEvents,
    variants: [{ label: 'a leader of Harbor Foods Boston', input: () => ({ today: SAMPLE_TODAY, lastUrl: '/competitiveinsights/merchants' }) }],
    serializeState: seenState<InsightsContext>((c) => [c.rows.length, c.filter !== null, c.redirect !== null, c.banner, c.dialog !== null, c.range.startDate]),
    labels: {
      'insights.merchantsEntered': 'Open the merchants list (from the menu, or from a lost category on the dashboard)',
      'xstate.done.actor.loadMerchants': 'The merchants arrive',
      'xstate.error.actor.loadMerchants': 'Loading the merchants fails',
      'insights.rangeChanged': 'Pick a date range',
      'insights.filterCleared': 'Press Clear filter',
      'insights.retry': 'Press Try again',
      'insights.redirected': 'The portal opens the one merchant’s items',
      'insights.dialogClosed': 'Press OK on the dialog',
    },
    checks: {
      idle: 'Another competitive-insights page; nothing asked yet',
      loading: 'A loader over the table',
      loaded: "The merchants table (or 'No Data Found'); with a filter, the sentence naming it and Clear filter",
      failed: failedLoad,
    },
  },
  {
    name: 'competitive-items',
    description: 'A merchant’s items: Competitive Purchases and the house’s own, search, category and item multi-selects, the sort rule; a new range reloads.',
    machine: competitiveItemsMachine,
    views: { items: selectItemsView },
    events: itemsEvents,
    variants: [{ label: 'merchant 1 over October 2026', input: () => ({ merchantId: 1, range: { startDate: '2026-10-01', endDate: '2026-10-31' } }) }],
    serializeState: seenState<CompetitiveItemsContext>((c) => [c.data !== null, c.tab, c.categories.length, c.sort.column, c.range.startDate]),
    labels: {
      'xstate.done.actor.loadItems': 'The items arrive',
      'xstate.error.actor.loadItems': 'Loading the items fails',
      'items.retry': 'Press Try again',
      'items.rangeChanged': 'Pick a date range',
      'items.tabChanged': 'Open the other tab',
      'items.categoriesChanged': 'Choose a category',
      'items.sortChanged': 'Click a column header',
    },
    checks: {
      loading: 'A loader',
      loaded: "Total Competitor Volume, the tabs, 'All Categories' / '1 Category Selected' / 'n Categories Selected', 'All Items' / '1 Item Selected' / 'n Items Selected' and the rows",
      failed: failedLoad,
    },
  },
  {
    name: 'order-history',
    description: 'A merchant’s competitor orders one calendar month at a time; Last Month / Next Month; months already fetched are shown without a call.',
    machine: orderHistoryMachine,
    views: { orders: selectOrderHistoryView },
    events: orderHistoryEvents,
    variants: [
      { label: 'merchant 1 from October 2026, nothing fetched yet', input: () => ({ merchantId: 1, merchant: 'Merchant 1', month: '2026-10', today: SAMPLE_TODAY, months: {} }) },
      { label: 'merchant 1 from October 2026, September and October fetched before', input: () => ({ merchantId: 1, merchant: 'Merchant 1', month: '2026-10', today: SAMPLE_TODAY, months: { '2026-09': [], '2026-10': [sampleInvoice('2026-10-20')] } }) },
    ],
    // The month as before/at/after the first one, so traversal ends.
    serializeState: seenState<OrderHistoryContext>((c) => [Math.sign(c.month.localeCompare('2026-10')), c.month in c.months, c.error !== null]),
    labels: {
      'xstate.done.actor.loadMonth': 'The month’s orders arrive',
      'xstate.error.actor.loadMonth': 'Loading the month fails',
      'orders.opened': 'Open the order history',
      'orders.lastMonth': 'Press Last Month',
      'orders.nextMonth': 'Press Next Month',
      'orders.retry': 'Press Try again',
    },
    checks: {
      idle: 'Nothing yet',
      loading: 'The month’s title and a loader',
      loaded: "The month's invoices as expandable rows (or 'No Data Found')",
      failed: "The danger alert 'Failed to load current months data, try to reload page'",
    },
  },
  {
    name: 'competitor-order',
    description: 'One competitor order: its lines from the months already fetched, else that day’s order history; sortable.',
    machine: competitorOrderMachine,
    views: { order: selectCompetitorOrderView('CP-000020') },
    events: competitorOrderEvents,
    variants: [
      { label: 'merchant 1, 2026-10-20, not fetched before', input: () => ({ merchantId: 1, merchant: 'Merchant 1', date: '2026-10-20', invoices: [] }) },
      { label: 'merchant 1, 2026-10-20, its month fetched before', input: () => ({ merchantId: 1, merchant: 'Merchant 1', date: '2026-10-20', invoices: [sampleInvoice('2026-10-20')] }) },
    ],
    labels: {
      'xstate.done.actor.loadDay': 'The day’s orders arrive',
      'xstate.error.actor.loadDay': 'Loading fails',
      'order.opened': 'Open a competitor order',
      'order.retry': 'Press Try again',
      'order.sortChanged': 'Click a column header',
    },
    checks: {
      idle: 'Nothing yet',
      loading: 'A loader',
      loaded: "'Estimated Invoice Volume On MM/DD/YYYY', the order's volume and its lines",
      failed: failedLoad,
    },
  },
  {
    name: 'win-back',
    description: 'The win-back list of a merchant or of the whole house; a new range reloads.',
    machine: winBackMachine,
    views: { winBack: selectWinBackView },
    events: winBackEvents,
    variants: [
      { label: 'merchant 1', input: () => ({ merchantId: 1, range: { startDate: '2026-10-01', endDate: '2026-10-31' } }) },
      { label: 'the house', input: () => ({ merchantId: null, range: { startDate: '2026-10-01', endDate: '2026-10-31' } }) },
    ],
    labels: {
      'xstate.done.actor.loadWinBack': 'The list arrives',
      'xstate.error.actor.loadWinBack': 'Loading the list fails',
      'winback.retry': 'Press Try again',
      'winback.rangeChanged': 'Pick a date range',
    },
    checks: {
      loading: 'A loader',
      loaded: 'The money at stake and the rows, largest first, each with the house’s item, its rebate and the estimated rebate',
      failed: failedLoad,
    },
  },
];
