import { selectDebugView, selectDetailItemsView, selectDetailView, selectDialog, selectGraphView, selectIntelHeaderView, selectLineChartView, selectListView, selectLoadProgressView, selectNoDataFound, selectStatus } from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { intelMachine } from './intel.ts';
import type { IntelContext } from './intel-context.ts';
import { debugDetailsMachine } from './debug-details.ts';
import { intelItemsMachine } from './intel-items.ts';
import { boston, debugDetailsEvents, intelEvents, intelItemsEvents, otherRange, SAMPLE_TODAY } from './intel-samples.ts';

export const INTEL_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'intel',
    description: 'Intel: the house’s merchants, then intel in batches of 250 with progress; a range or house change cancels and starts over; a failed batch is retried alone; the line chart’s months are asked only once the line chart is open.',
    machine: intelMachine,
    views: {
      status: selectStatus, header: selectIntelHeaderView, progress: selectLoadProgressView, list: selectListView, graph: selectGraphView, lineChart: selectLineChartView,
      detail: selectDetailView, detailItems: selectDetailItemsView, dialog: selectDialog, noDataFound: selectNoDataFound,
    },
    events: intelEvents,
    variants: [{ label: 'leader of Harbor Foods Boston', input: () => ({ today: SAMPLE_TODAY, activeDistributor: boston, lastUrl: '/intel/list' }) }],
    // What a user sees: the state, whether rows show, whether a batch failed, a dialog, the house; whether the line chart has been open (its controls).
    serializeState: seenState<IntelContext>((c) => [c.rows.length > 0, c.failed.length > 0, c.dialog !== null, c.activeDistributor?.id, c.range.startDate, c.staleHouse?.id, c.monthly]),
    labels: {
      'xstate.done.actor.loadMerchants': 'The merchant list arrives',
      'xstate.error.actor.loadMerchants': 'Loading the merchant list fails',
      'intel.batchLoaded': 'A batch of 250 merchants arrives',
      'intel.batchFailed': 'A batch fails',
      'xstate.done.actor.loadBatches': 'Every batch has answered',
      'xstate.error.actor.loadBatches': 'The batch stream breaks (not one batch)',
      'intel.retry': 'Press Retry',
      'intel.rangeChanged': 'Pick a date range',
      'intel.distributorSelected': 'Pick another house',
      'houseSwitch.switched': 'The server switches the house',
      'houseSwitch.kept': 'Switching the house fails',
      'intel.dialogClosed': 'Press OK on the dialog (Escape where the app-wide spinner covers it)',
      'route.changed': 'Open the graph, or the line chart (first time: the batches load again with their months); or come back to Intel after another screen switched the house (its merchants load again)',
      'route.left': 'Open another section of the portal (Intel keeps loading, and takes nobody back to it)',
      'intel.houseSeen': 'Another screen makes another house active (the Dashboard’s House selector, Intel left open)',
      'houseSwitch.housesLoaded': 'The houses for the House selector arrive (the app-wide spinner goes)',
      'intel.searchApplied': 'Search the list (Search or Enter)',
      'intel.sortChanged': "Sort the list by a column (its header)",
      'intel.pageChanged': 'Open another page of the list',
      'intel.detailSearchApplied': "Search a merchant's detail page (See Details on the list first)",
      'intel.revealToggled': "Press Reveal on an item of a merchant's detail page (See Details on the list first)",
      'intel.showMoreToggled': 'Press Show More on a graph card (the Graph view first)',
      'intel.monthsChanged': "Pick the line chart's months",
      'intel.scaleToggled': "Switch the line chart's logarithmic scale",
      'intel.chartTablesToggled': 'Switch the line chart to tables',
    },
    unreachable: {
      'loading --xstate.error.actor.loadBatches--> partial':
        'the batch stream never breaks as a whole: each batch’s failure is caught and reported as that batch’s (src/services/intel-batches.ts); the handler only guards against a defect (its unit test sends the error)',
    },
    checks: {
      loadingMerchants: 'A loader; no rows',
      loading: "'{n}/{total} Merchants Loaded' above the rows of the batches loaded so far",
      complete: "The rows; '{total}/{total} Merchants Loaded' gone",
      partial: "The rows loaded, a notice that some merchants could not be loaded and a Retry button",
      noMerchants: "'No Data Found'",
      merchantsFailed: "A dialog: 'We couldn't load the merchant list for this distributor…'",
      switchingDistributor: 'A loader while the new house is made active',
    },
  },
  {
    name: 'debug-details',
    description: 'The debug page of one merchant (internal admins; others are sent to the dashboard): its sellers and items for a range; a new range reloads.',
    machine: debugDetailsMachine,
    views: { debug: selectDebugView },
    events: debugDetailsEvents,
    variants: [
      { label: 'an internal admin on merchant 1', input: () => ({ merchantId: 1, today: SAMPLE_TODAY, allowed: true }) },
      { label: 'a leader (no internal admin) on merchant 1', input: () => ({ merchantId: 1, today: SAMPLE_TODAY, allowed: false }) },
    ],
    labels: {
      'xstate.done.actor.loadDetails': 'The details arrive',
      'xstate.error.actor.loadDetails': 'Loading the details fails',
      'debug.rangeChanged': 'Pick a date range',
    },
    checks: {
      checking: 'Nothing yet (decided at once)',
      refused: 'The dashboard',
      loading: 'A loader',
      loaded: 'The merchant, its distributors with their share, and its items, each with Send to console',
      failed: "'Failed to load, Try Refreshing.'",
    },
  },
  {
    name: 'intel-items',
    description: 'A merchant’s intel detail page (a child of the Intel machine): its items, by seller, load for that merchant and range when the page shows it; a failure offers Retry.',
    machine: intelItemsMachine,
    events: intelItemsEvents,
    variants: [{ label: 'the leader opens merchant 1', input: () => ({ merchant: { id: 1, merchant: 'Merchant 1' }, range: otherRange }) }],
    labels: {
      'xstate.done.actor.loadItems': 'The items arrive',
      'xstate.error.actor.loadItems': 'Loading the items fails',
      'items.retry': 'Press Retry',
    },
    checks: {
      loading: 'A loader under the Intel header',
      loaded: 'The merchant, its Competitive / Distributor Purchases tabs and the items of the open tab',
      failed: "'Failed to load, Try Refreshing.' with a Retry button",
    },
  },
];
