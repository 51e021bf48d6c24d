import {
  selectCanBulk, selectCanSummarise, selectCheckDetailsView, selectCheckSelection, selectCheckTotals, selectListFailed, selectListLoading, selectMerchantCheckView, selectPaymentListScreenView, selectQuartersView, selectShownChecks, selectTotalsScope, selectTransferring, selectVoucherView,
} from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { checkDetailsMachine, type CheckDetailsContext } from './check-details.ts';
import { checkListMachine, type CheckListContext } from './check-list.ts';
import { checkDetailsEvents, checkListEvents, merchantCheckPageEvents } from './payment-samples.ts';
import { merchantCheckPageMachine } from './merchant-checks.ts';

export const PAYMENT_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'merchant-check-page',
    description: "One merchant's checks (/paymentinformation/{merchantid}/{merchant}): the check details quarter by quarter; a malformed id goes to the list, another name in the route is the title.",
    machine: merchantCheckPageMachine,
    views: { page: selectMerchantCheckView },
    events: merchantCheckPageEvents,
    variants: [
      { label: "a merchant's link", input: () => ({ merchantId: 101, name: 'Harbor Grill', distributorId: 1 }) },
      { label: 'a malformed merchant id', input: () => ({ merchantId: Number.NaN, name: 'x', distributorId: 1 }) },
    ],
    serializeState: (s) => JSON.stringify([s.value, (s.context as { name: string }).name]),
    labels: { 'route.changed': "Open the same merchant's link with another name" },
    checks: {
      showing: "The merchant's name as the title and its check details, the newest quarter first",
      malformed: 'Payment Information: the list (the link could not be read)',
    },
  },
  {
    name: 'check-list',
    description: 'Payment information list: the last 8 quarters, the quarter’s paid checks, selection, and the Pay / No Pay summary, bulk Download (ZIP) and Print (PDF) as download streams with progress.',
    machine: checkListMachine,
    views: { list: selectPaymentListScreenView, checks: selectShownChecks, totals: selectCheckTotals, scope: selectTotalsScope, selection: selectCheckSelection, transferring: selectTransferring, canBulk: selectCanBulk, canSummarise: selectCanSummarise, loading: selectListLoading, failed: selectListFailed },
    events: checkListEvents,
    variants: [{ label: 'a finance person of Harbor Foods Boston', input: () => ({ distributorId: 10, distributorPlatformId: 'CP-000010', relationship: 'Harbor Foods Boston' }) }],
    serializeState: seenState<CheckListContext>((c) => [c.timeframe, c.checks.length > 0, c.selected.length > 0, c.details, c.transfer?.kind ?? null, c.notice !== null, c.panel !== null]),
    labels: {
      'xstate.done.actor.loadQuarters': 'The last 8 quarters arrive',
      'xstate.error.actor.loadQuarters': 'Loading the quarters fails',
      'xstate.done.actor.loadChecks': 'The quarter’s checks arrive',
      'xstate.error.actor.loadChecks': 'Loading the checks fails',
      'checks.quarterChanged': 'Pick another quarter',
      'checks.rowToggled': 'Tick a row',
      'checks.detailsToggled': 'Switch Details on or off',
      'checks.download': 'Press Download',
      'checks.print': 'Press Print',
      'checks.summary': 'Press Pay / No Pay Summary',
      'checks.panelOpened': 'Press View Details And Voucher on a row',
      'checks.panelClosed': 'Close the check details panel',
      'transfer.progress': 'Some of the file has arrived',
      'transfer.delivered': 'The file is saved (or the print dialog opens)',
      'xstate.error.actor.transfer': 'The download fails',
    },
    checks: {
      loadingQuarters: 'A loader',
      loading: 'A loader; the quarter select shows the chosen quarter',
      ready: "The stats, the table of checks (or 'No Checks For This Quarter'), the bottom bar with the count selected; Download and Print enabled only with a row selected and a toggle on; while a file is made, its progress",
      failed: "'Server Error'",
    },
  },
  {
    name: 'check-details',
    description: 'One merchant’s check with its breakdowns (side panel and merchant page): loading, then the check with its donuts, no check this quarter, or a failure with Retry; the voucher opens in a modal.',
    machine: checkDetailsMachine,
    views: { details: selectCheckDetailsView, quarters: selectQuartersView, voucher: selectVoucherView },
    events: checkDetailsEvents,
    variants: [
      { label: 'the side panel of a row (quarter known)', input: () => ({ merchantId: 7, timeframe: '26Q4', distributorId: 10 }) },
      { label: 'the merchant check page (newest quarter first)', input: () => ({ merchantId: 7, timeframe: null, distributorId: 10 }) },
    ],
    serializeState: seenState<CheckDetailsContext>((c) => [c.timeframe, c.shown.manufacturers, c.voucherUrl !== null, c.error]),
    labels: {
      'xstate.done.actor.loadQuarters': 'The last 8 quarters arrive',
      'xstate.error.actor.loadQuarters': 'Loading the quarters fails',
      'xstate.done.actor.loadCheck': 'The check arrives (with an sfid, or without: none this quarter)',
      'xstate.error.actor.loadCheck': 'Loading the check fails',
      'details.quarterChanged': 'Pick another quarter',
      'details.more': 'Press Show more under the Manufacturers donut',
      'details.retry': 'Press Retry',
      'voucher.open': 'Press View Voucher',
      'voucher.ready': 'The voucher PDF arrives',
      'voucher.failed': 'The voucher fails to load',
      'voucher.close': 'Close the voucher',
    },
    checks: {
      loadingQuarters: 'A loader',
      loading: 'A loader',
      success: 'The payment amount, the Locations and Manufacturers donuts (15 slices, then 15 more per Show more) with their tables, Export Data, View Voucher; the voucher modal with Download when open',
      nonexistent: "'No Check For This Quarter'",
      failure: "'Server Error' and a Retry button",
    },
  },
];
