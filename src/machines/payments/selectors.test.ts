import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { checkDetailsMachine } from './check-details.ts';
import { checkListMachine } from './check-list.ts';
import { manyMakersCheck, sampleChecks, sampleQuarters } from './payment-samples.ts';
import {
  selectBreakdownCsv, selectCanBulk, selectCanSummarise, selectCheckSelection, selectCheckTotals, selectListLoading, selectShownChecks, selectVoucherName,
} from './selectors.ts';

const list = async () => {
  const s = startControlled(checkListMachine, {
    actors: ['loadQuarters', 'loadChecks', 'transfer'],
    input: { distributorId: 10, distributorPlatformId: 'CP-000010', relationship: 'Harbor Foods Boston' },
  });
  expect(selectListLoading(s.actor.getSnapshot())).toBe(true);
  await s.replay({ type: 'xstate.done.actor.loadQuarters', output: sampleQuarters }, 'loading');
  await s.replay({ type: 'xstate.done.actor.loadChecks', output: sampleChecks }, 'ready');
  return { ...s, now: () => s.actor.getSnapshot() };
};
const names = (rows: { merchant: string }[]) => rows.map((r) => r.merchant);

describe('what the payment list shows', () => {
  it('totals the whole quarter, checks apart from ACH, whatever the search', async () => {
    const s = await list();
    s.actor.send({ type: 'checks.searchChanged', search: 'Merchant 2' });
    expect(names(selectShownChecks(s.now()))).toEqual(['Merchant 2']);
    expect(selectCheckTotals(s.now())).toEqual({ payments: 3, amount: 245.75, check: 165.75, ach: 80 });
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
