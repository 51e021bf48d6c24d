import type { SnapshotFrom } from 'xstate';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import { breakdownCsvName, breakdownRows, checkTotals, DONUT_STEP, donutSlices, paymentLabel, ROUTING_FILTERS, voucherName, type CheckTotals } from '../../model/payments.ts';
import type { checkDetailsMachine } from './check-details.ts';
import { mayBulk, NO_CHECKS, shownChecks, type checkListMachine } from './check-list.ts';
import type { merchantCheckPageMachine } from './merchant-checks.ts';

/** What the payment views show (accounts spec §2.7, §9), read from their machines' snapshots. */

type CheckListSnapshot = SnapshotFrom<typeof checkListMachine>;
type CheckDetailsSnapshot = SnapshotFrom<typeof checkDetailsMachine>;

export { DONUT_STEP, donutSlices, NO_CHECKS, paymentLabel, ROUTING_FILTERS };

// ---- The list -----------------------------------------------------------------------------------

/** The rows on screen: the routing filter, the search, then the sort. */
export const selectShownChecks = (s: CheckListSnapshot) => shownChecks(s.context);
/** The four stats: over the checks shown, so they follow the search and the routing filter. */
export const selectCheckTotals = (s: CheckListSnapshot): CheckTotals => checkTotals(shownChecks(s.context));
/** What the stats count, said above them: the quarter, the routing and the search in force. */
export function selectTotalsScope(s: CheckListSnapshot): string {
  const { timeframe, routing, search } = s.context;
  const parts = [timeframe ? `the checks of ${timeframe}` : 'the checks', routing === 'All' ? 'every payment routing' : `routed to ${routing}`];
  if (search.trim() !== '') parts.push(`matching '${search.trim()}'`);
  return `Totals of ${parts.join(', ')}`;
}

export interface CheckSelection {
  /** Selected checks by merchant id (also those a search now hides). */
  selected: readonly number[];
  /** The select-all box is ticked: every row shown is selected. */
  allShown: boolean;
  /** The select-all box is half-ticked: some rows shown are selected, not all. */
  someShown: boolean;
}

export function selectCheckSelection(s: CheckListSnapshot): CheckSelection {
  const rows = shownChecks(s.context);
  const { selected } = s.context;
  const allShown = rows.length > 0 && rows.every((r) => selected.includes(r.merchantid));
  return { selected, allShown, someShown: !allShown && rows.some((r) => selected.includes(r.merchantid)) };
}

/** A file is being made: the bulk buttons and the summary wait. */
export const selectTransferring = (s: CheckListSnapshot) => s.matches('transferring');
/** Print and Download are enabled: a check selected, Vouchers or Details on, no file being made. */
export const selectCanBulk = (s: CheckListSnapshot) => mayBulk(s.context) && !s.matches('transferring');
/** Pay / No Pay Summary is enabled: the checks are shown and no file is being made. */
export const selectCanSummarise = (s: CheckListSnapshot) => s.matches('ready');
export const selectListLoading = (s: CheckListSnapshot) => s.matches('loading') || s.matches('loadingQuarters');
export const selectListFailed = (s: CheckListSnapshot) => s.matches('failed');
/** The check whose details panel is open: null when none is, or the quarter's rows no longer hold it. */
export const selectPanelCheck = (s: CheckListSnapshot) => s.context.checks.find((c) => c.merchantid === s.context.panel) ?? null;
/** The open panel's check-details machine (the list's child), while the panel shows a check. */
export const selectPanelDetails = (s: CheckListSnapshot) => (selectPanelCheck(s) && s.context.timeframe ? s.context.panelDetails : null);

/** Everything the list page shows, as plain data (the panel's machine is `selectPanelDetails`). */
export function selectPaymentListView(s: CheckListSnapshot) {
  const { context } = s;
  return {
    rows: shownChecks(context),
    totals: checkTotals(shownChecks(context)),
    totalsScope: selectTotalsScope(s),
    selection: selectCheckSelection(s),
    selectedCount: context.selected.length,
    sort: context.sort,
    search: context.search,
    quarters: context.quarters,
    timeframe: context.timeframe,
    routing: context.routing,
    details: context.details,
    vouchers: context.vouchers,
    transfer: context.transfer,
    notice: context.notice,
    error: context.error,
    loading: selectListLoading(s),
    failed: selectListFailed(s),
    canBulk: selectCanBulk(s),
    canSummarise: selectCanSummarise(s),
    panel: selectPanelCheck(s),
  };
}
export type PaymentListView = ReturnType<typeof selectPaymentListView>;

// ---- The merchant check page ------------------------------------------------------------------

type MerchantPageSnapshot = SnapshotFrom<typeof merchantCheckPageMachine>;
/** The merchant's name (the title), as the route writes it. */
export const selectMerchantName = (s: MerchantPageSnapshot) => s.context.name;
/** The merchant's check-details machine (the page's child); none while going to the list. */
export const selectMerchantDetails = (s: MerchantPageSnapshot) => s.children.details ?? null;

// ---- One check --------------------------------------------------------------------------------

export const selectCheck = (s: CheckDetailsSnapshot) => s.context.check;
export const selectShownSlices = (s: CheckDetailsSnapshot) => s.context.shown;
export const selectDetailsTimeframe = (s: CheckDetailsSnapshot) => s.context.timeframe;
export const selectDetailsQuarters = (s: CheckDetailsSnapshot) => s.context.quarters;
export const selectDetailsError = (s: CheckDetailsSnapshot) => s.context.error;
export const selectDetailsLoading = (s: CheckDetailsSnapshot) => s.matches('loading') || s.matches('loadingQuarters');
export const selectDetailsFailed = (s: CheckDetailsSnapshot) => s.matches('failure');
export const selectVoucherOpen = (s: CheckDetailsSnapshot) => s.matches('voucher');
export const selectVoucherUrl = (s: CheckDetailsSnapshot) => s.context.voucherUrl;
/** The voucher's Download saves it under the quarter and the merchant's name. */
export const selectVoucherName = (s: CheckDetailsSnapshot) => voucherName(s.context.timeframe ?? '', s.context.check?.merchant ?? '');

/** Export Data: the check's breakdowns as CSV (none without a check). */
export function selectBreakdownCsv(s: CheckDetailsSnapshot): CsvExport | null {
  const { check, timeframe } = s.context;
  return check && { fileName: breakdownCsvName(timeframe ?? '', check.merchant), rows: breakdownRows(check) };
}

/** A check's details: the check, the rows shown, the voucher's name, the error, loading or failed. */
export const selectCheckDetailsView = (s: CheckDetailsSnapshot) => ({
  check: selectCheck(s),
  shown: selectShownSlices(s),
  voucherName: selectVoucherName(s),
  error: selectDetailsError(s),
  loading: selectDetailsLoading(s),
  failed: selectDetailsFailed(s),
});

/** The voucher: open or not, and its address. */
export const selectVoucherView = (s: CheckDetailsSnapshot) => ({
  opened: selectVoucherOpen(s),
  url: selectVoucherUrl(s),
});

/** A merchant's checks page: the merchant's name and the details' child actor. */
export const selectMerchantCheckView = (s: MerchantPageSnapshot) => ({
  name: selectMerchantName(s),
  details: selectMerchantDetails(s),
});

/** The merchant's quarters and the timeframe chosen. */
export const selectQuartersView = (s: CheckDetailsSnapshot) => ({
  quarters: selectDetailsQuarters(s),
  timeframe: selectDetailsTimeframe(s),
});

/** Payment Information: the list's view model and the details panel's child actor. */
export const selectPaymentListScreenView = (s: Parameters<typeof selectPaymentListView>[0]) => ({
  view: selectPaymentListView(s),
  panelDetails: selectPanelDetails(s),
});
