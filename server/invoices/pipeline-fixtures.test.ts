import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInvoiceText, type ParsedLine } from '../../src/model/invoice-parser.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { dropFixtureDeals, INVOICE_FIXTURES, truePages, type TrueLine, type TruePage } from '../testing/invoice-fixtures.ts';
import { checkPrices } from './price-check.ts';

// The parser on what tesseract really read from each fixture page (tests/fixtures/invoices/*.txt,
// written by scripts/make-invoice-texts.ts), against the pages' true items (truth.json).
type Truth = TruePage;
const truth = truePages;
const textOf = (t: Truth) => fs.readFileSync(path.join(INVOICE_FIXTURES, t.file.replace(/\.(png|jpg)$/, '.txt')), 'utf8');
const sameNumbers = (p: ParsedLine, l: TrueLine) => p.quantity === l.quantity && p.unitPrice === l.unitPrice && p.totalPrice === l.totalPrice;
const same = (p: ParsedLine, l: TrueLine) => p.itemCode === l.itemCode && sameNumbers(p, l);

describe('the invoice parser on the fixture pages as tesseract read them', () => {
  it('reads at least 95 % of the lines right (code, quantity, unit price, total) over both layouts', () => {
    const all = truth.flatMap((t) => { const read = parseInvoiceText(textOf(t)).lines; return t.lines.map((l) => read.some((p) => same(p, l))); });
    expect(all.length).toBeGreaterThanOrEqual(90);
    expect(all.filter(Boolean).length / all.length).toBeGreaterThanOrEqual(0.95);
  });

  for (const t of truth) {
    it(`${t.file}: general info right, and every line it is sure of has a true line's numbers (a doubtful one is marked, not invented)`, () => {
      const parsed = parseInvoiceText(textOf(t));
      expect(parsed).toMatchObject({ distributor: t.distributor, merchant: t.merchant, invoiceDate: t.invoiceDate, deliveryDate: t.deliveryDate, taxAmount: t.taxAmount });
      // "Sure" means its numbers add up, so its numbers are a true line's; a misread digit of an
      // item code has nothing to check it by (the 95 % figure above counts those).
      for (const p of parsed.lines.filter((l) => !l.doubtful)) expect(t.lines.some((l) => sameNumbers(p, l)), `${p.itemCode} ${p.description}`).toBe(true);
      expect(parsed.lines.length).toBeLessThanOrEqual(t.lines.length);
      // The subtotal check holds exactly when every line's total was read.
      expect(parsed.sumMatchesSubtotal).toBe(t.lines.every((l) => parsed.lines.some((p) => sameNumbers(p, l))));
    });
  }
});

describe.each(testTargets())('the price check on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  const q = async (sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows;
  const house = async (nickname: string) => (await q('select id from distributors where nickname = $1', [nickname]))[0].id as number;
  const page = truth.find((t) => t.file === 'invoice-01-a-clean.png')!;
  const lines = (t: Truth): ParsedLine[] => t.lines.map((l) => ({ ...l, brand: '', pack: '', uom: '', doubtful: false }));
  let boston = 0, hartford = 0;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 20, months: 1 });
    [boston, hartford] = [await house('Harbor Foods Boston'), await house('Summit Provisions Hartford')];
    await dropFixtureDeals(db.pool);
  }, 120_000);
  afterAll(async () => db?.drop());

  async function item(min: string, description: string) {
    return (await q(`insert into items (min, description, manufacturer_id, category_id) values ($1, $2, 1, 1) returning id`, [min, description]))[0].id as number;
  }
  const deal = (itemId: number, distributorId: number, price: number, from = '2026-01-01', to = '2026-12-31') =>
    q(`insert into deviations (item_id, distributor_id, deviated_price, starts_on, ends_on) values ($1, $2, $3, $4, $5)`, [itemId, distributorId, price, from, to]);

  it("flags a line paid above the house's deviated price in force on the invoice date, with the overpayment", async () => {
    const [beef, eggs, rice, sugar] = page.lines;
    const byMin = await item(beef!.itemCode, 'BEEF GRND 80/20 CHUB TEST');
    await deal(byMin, boston, beef!.unitPrice - 10); // paid 10 a case too much
    const byDin = await item('TEST-EGGS', 'EGGS LRG GR A LOOSE TEST');
    await q('insert into distributor_items (distributor_id, item_id, din) values ($1, $2, $3)', [boston, byDin, eggs!.itemCode]);
    await deal(byDin, boston, eggs!.unitPrice + 1); // paid less than the deal: fine
    const byName = await item('TEST-RICE', 'Rice Long Grain Parboiled Bag');
    await deal(byName, boston, rice!.unitPrice - 0.45);
    const expired = await item(sugar!.itemCode, 'SUGAR TEST');
    await deal(expired, boston, 1, '2025-01-01', '2025-12-31'); // no longer in force on the invoice date

    const checked = await checkPrices(db.pool, boston, lines(page), page.invoiceDate);
    const byCode = new Map(checked.map((c) => [c.line.itemCode, c]));
    expect(byCode.get(beef!.itemCode)).toMatchObject({ matchedItemId: byMin, deviatedPrice: beef!.unitPrice - 10, overpaid: 10 * beef!.quantity });
    expect(byCode.get(eggs!.itemCode)).toMatchObject({ matchedItemId: byDin, overpaid: null });
    expect(byCode.get(rice!.itemCode)).toMatchObject({ matchedItemId: byName, overpaid: Math.round(0.45 * rice!.quantity * 100) / 100 });
    expect(byCode.get(sugar!.itemCode)).toMatchObject({ deviatedPrice: null, overpaid: null });
  });

  it("ignores another family's deals and descriptions that are only a little alike", async () => {
    const salmon = truth.flatMap((t) => t.lines).find((l) => l.description.startsWith('Salmon'))!;
    const theirs = await item(salmon.itemCode, 'SALMON TEST');
    await deal(theirs, hartford, 1);
    const unlike = await item('TEST-MILK', 'MILK WHOLE GAL');
    await deal(unlike, boston, 1);
    const mozzarella: ParsedLine = { itemCode: '99999999', description: 'Mozzarella Shredded Whole Milk', brand: '', pack: '', uom: '', quantity: 3, unitPrice: 48.75, totalPrice: 146.25, doubtful: false };
    const [s, m] = await checkPrices(db.pool, boston, [{ ...lines(page)[0]!, ...salmon }, mozzarella], '2026-10-01');
    expect([s!.deviatedPrice, m!.deviatedPrice]).toEqual([null, null]);
    // Hartford itself is checked against its own deal.
    expect((await checkPrices(db.pool, hartford, [{ ...lines(page)[0]!, ...salmon }], '2026-10-01'))[0]!.overpaid).toBeGreaterThan(0);
  });
});
