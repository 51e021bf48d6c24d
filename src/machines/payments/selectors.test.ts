import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { checkDetailsMachine } from './check-details.ts';
import { checkListMachine, SERVER_ERROR } from './check-list.ts';
import { merchantCheckPageMachine } from './merchant-checks.ts';
import { manyMakersCheck, sampleChecks, sampleQuarters } from './payment-samples.ts';
import {
  selectCheckDetailsView, selectMerchantCheckView, selectPaymentListScreenView, selectQuartersView, selectVoucherView,
  selectBreakdownCsv, selectCanBulk, selectCanSummarise, selectCheckSelection, selectCheckTotals, selectListLoading, selectPanelCheck, selectPanelDetails, selectPaymentListView, selectTotalsScope, selectShownChecks, selectVoucherName,
} from './selectors.ts';

const list = async () => {
  const s = startControlled(checkListMachine, {
    actors: ['loadQuarters', 'loadChecks', 'transfer', 'panel'],
    input: { distributorId: 10, distributorPlatformId: 'CP-000010', relationship: 'Harbor Foods Boston' },
  });
  expect(selectListLoading(s.actor.getSnapshot())).toBe(true);
  await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
  await s.replay({ type: 'xstate.done.actor.loadChecks', output: sampleChecks }, 'ready');
  return { ...s, now: () => s.actor.getSnapshot() };
};
const names = (rows: { merchant: string }[]) => rows.map((r) => r.merchant);

describe('what the payment list shows', () => {
  it('gives the page its view as plain data, and the open panel its machine', async () => {
    const s = await list();
    const view = selectPaymentListView(s.now());
    expect(view).toMatchObject({
      rows: selectShownChecks(s.now()), totals: selectCheckTotals(s.now()), totalsScope: selectTotalsScope(s.now()), selectedCount: 0, search: '',
      quarters: sampleQuarters, timeframe: sampleQuarters[0]!.value, routing: 'All', vouchers: true, details: false, transfer: null, notice: null,
      loading: false, failed: false, canBulk: false, canSummarise: true, panel: null,
    });
    expect(selectPanelDetails(s.now())).toBeNull();
    s.actor.send({ type: 'checks.rowToggled', merchantId: 1 });
    s.actor.send({ type: 'checks.panelOpened', merchantId: 1 });
    expect(selectPaymentListView(s.now())).toMatchObject({ selectedCount: 1, canBulk: true, panel: { merchantid: 1 } });
    expect(selectPanelDetails(s.now())).not.toBeNull();
  });

  it('totals the checks shown, checks apart from ACH, and says what it counts', async () => {
    const s = await list();
    expect(selectCheckTotals(s.now())).toEqual({ payments: 3, amount: 245.75, check: 165.75, ach: 80 });
    expect(selectTotalsScope(s.now())).toMatch(/^Totals of the checks of \S+, every payment routing$/);
    s.actor.send({ type: 'checks.searchChanged', search: 'Merchant 2' });
    expect(names(selectShownChecks(s.now()))).toEqual(['Merchant 2']);
    expect(selectCheckTotals(s.now())).toEqual({ payments: 1, amount: 80, check: 0, ach: 80 });
    expect(selectTotalsScope(s.now())).toMatch(/, every payment routing, matching 'Merchant 2'$/);
  });

  it('shows the rows of the routing filter in the chosen order', async () => {
    const s = await list();
    expect(names(selectShownChecks(s.now()))).toEqual(['Merchant 1', 'Merchant 2', 'Merchant 3']);
    s.actor.send({ type: 'checks.sortChanged', column: 'amount' });
    expect(names(selectShownChecks(s.now()))).toEqual(['Merchant 3', 'Merchant 2', 'Merchant 1']);
    s.actor.send({ type: 'checks.routingChanged', routing: 'Sales' });
    expect(names(selectShownChecks(s.now()))).toEqual(['Merchant 1']);
  });

  it('half-ticks select-all with some rows shown selected, ticks it with all', async () => {
    const s = await list();
    expect(selectCheckSelection(s.now())).toMatchObject({ allShown: false, someShown: false });
    s.actor.send({ type: 'checks.rowToggled', merchantId: 2 });
    expect(selectCheckSelection(s.now())).toMatchObject({ allShown: false, someShown: true });
    s.actor.send({ type: 'checks.searchChanged', search: 'Merchant 2' });
    expect(selectCheckSelection(s.now())).toMatchObject({ allShown: true, someShown: false });
    expect([...selectCheckSelection(s.now()).selected]).toEqual([2]);
  });

  it('enables Print and Download with a check selected and a toggle on, not while a file is made', async () => {
    const s = await list();
    expect(selectCanBulk(s.now())).toBe(false);
    s.actor.send({ type: 'checks.rowToggled', merchantId: 1 });
    expect(selectCanBulk(s.now())).toBe(true);
    s.actor.send({ type: 'checks.vouchersToggled' });
    expect(selectCanBulk(s.now())).toBe(false);
    s.actor.send({ type: 'checks.detailsToggled' });
    s.actor.send({ type: 'checks.download' });
    expect([selectCanBulk(s.now()), selectCanSummarise(s.now())]).toEqual([false, false]);
    s.actor.send({ type: 'transfer.delivered' });
    expect([selectCanBulk(s.now()), selectCanSummarise(s.now())]).toEqual([true, true]);
  });
});

describe('the check details panel', () => {
  it('opens on a listed check, closes, and a new quarter closes it', async () => {
    const s = await list();
    expect(selectPanelCheck(s.now())).toBeNull();
    s.actor.send({ type: 'checks.panelOpened', merchantId: 2 });
    expect(selectPanelCheck(s.now())?.merchant).toBe('Merchant 2');
    s.actor.send({ type: 'checks.panelClosed' });
    expect(selectPanelCheck(s.now())).toBeNull();
    // A merchant the quarter does not list has no panel to open.
    s.actor.send({ type: 'checks.panelOpened', merchantId: 99 });
    expect(s.now().context.panel).toBeNull();
    s.actor.send({ type: 'checks.panelOpened', merchantId: 3 });
    await s.replay({ type: 'checks.quarterChanged', timeframe: '26Q3' }, 'loading');
    expect(selectPanelCheck(s.now())).toBeNull();
    expect(s.now().context.panel).toBeNull();
  });
});

describe('what a check shows', () => {
  it('exports its breakdowns and names its voucher after the quarter and the merchant', async () => {
    const s = startControlled(checkDetailsMachine, { actors: ['loadQuarters', 'loadCheck', 'voucher'], input: { merchantId: 7, timeframe: '26Q4', distributorId: 10 } });
    expect(selectBreakdownCsv(s.actor.getSnapshot())).toBeNull();
    await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
    await s.replay({ type: 'xstate.done.actor.loadCheck', output: manyMakersCheck }, 'success');
    const csv = selectBreakdownCsv(s.actor.getSnapshot())!;
    expect(csv.fileName).toBe('26Q4 - Check Breakdown - Merchant 7.csv');
    expect(csv.rows.length).toBeGreaterThan(0);
    expect(selectVoucherName(s.actor.getSnapshot())).toBe('26Q4 - Voucher - Merchant 7.pdf');
  });
});

describe('the view models of the payment screens', () => {
  const details = () => startControlled(checkDetailsMachine, { actors: ['loadQuarters', 'loadCheck', 'loadVoucher'], input: { merchantId: 7, timeframe: '26Q4', distributorId: 10 } });

  it('Payment Information: the list view, and the panel machine only while a check is open', async () => {
    const s = await list();
    expect(selectPaymentListScreenView(s.now())).toEqual({ view: selectPaymentListView(s.now()), panelDetails: null });
    s.actor.send({ type: 'checks.panelOpened', merchantId: 2 });
    const screen = selectPaymentListScreenView(s.now());
    expect(screen.view.panel?.merchant).toBe('Merchant 2');
    expect(screen.panelDetails).toBe(s.now().context.panelDetails);
  });

  it('a check: loading first, then the check with its voucher name, or the failure', async () => {
    const s = details();
    expect(selectCheckDetailsView(s.actor.getSnapshot())).toMatchObject({ check: null, loading: true, failed: false, error: null });
    await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
    expect(selectQuartersView(s.actor.getSnapshot())).toEqual({ quarters: sampleQuarters, timeframe: '26Q4' });
    await s.replay({ type: 'xstate.done.actor.loadCheck', output: manyMakersCheck }, 'success');
    expect(selectCheckDetailsView(s.actor.getSnapshot())).toMatchObject({ check: { merchant: 'Merchant 7' }, voucherName: '26Q4 - Voucher - Merchant 7.pdf', loading: false, failed: false });
    const failing = details();
    await failing.replay({ type: 'xstate.error.actor.loadQuarters', error: new Error('502') }, 'failure');
    expect(selectCheckDetailsView(failing.actor.getSnapshot())).toMatchObject({ failed: true, loading: false, error: SERVER_ERROR });
  });

  it('the voucher: opens without an address until it is ready, and closes', async () => {
    const s = details();
    await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
    await s.replay({ type: 'xstate.done.actor.loadCheck', output: manyMakersCheck }, 'success');
    expect(selectVoucherView(s.actor.getSnapshot())).toEqual({ opened: false, url: null });
    s.actor.send({ type: 'voucher.open' });
    expect(selectVoucherView(s.actor.getSnapshot())).toEqual({ opened: true, url: null });
    s.actor.send({ type: 'voucher.ready', url: 'blob:voucher' });
    expect(selectVoucherView(s.actor.getSnapshot())).toEqual({ opened: true, url: 'blob:voucher' });
    s.actor.send({ type: 'voucher.close' });
    expect(selectVoucherView(s.actor.getSnapshot())).toEqual({ opened: false, url: null });
  });

  it("a merchant's page: titled by the route's name, showing its details machine", () => {
    const s = startControlled(merchantCheckPageMachine, { actors: ['details'], input: { merchantId: 7, name: 'Blue Anchor Grill', distributorId: 10 } });
    const view = selectMerchantCheckView(s.actor.getSnapshot());
    expect(view.name).toBe('Blue Anchor Grill');
    expect(view.details).toBe(s.actor.getSnapshot().children.details);
  });
});
