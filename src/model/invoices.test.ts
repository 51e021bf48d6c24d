import { describe, expect, it } from 'vitest';
import { parseInvoiceText } from './invoice-parser.ts';
import { INVOICE_MESSAGES, screenFiles, searchInvoiceItems, searchInvoices, statusColor } from './invoices.ts';

describe('invoice upload rules', () => {
  it('refuses a file over 10,000,000 bytes, a type other than png/jpg/gif, and names already chosen, keeping the rest', () => {
    const names = (files: { name: string; size: number }[], already: string[] = []) => {
      const { accepted, problem } = screenFiles(files, already);
      return { accepted: accepted.map((f) => f.name), problem };
    };
    expect(names([{ name: 'a.png', size: 10_000_000 }])).toEqual({ accepted: ['a.png'], problem: null });
    expect(names([{ name: 'a.png', size: 10_000_001 }])).toEqual({ accepted: [], problem: `${INVOICE_MESSAGES.maxSize}: a.png` });
    expect(names([{ name: 'a.JPG', size: 10 }, { name: 'b.gif', size: 10 }])).toEqual({ accepted: ['a.JPG', 'b.gif'], problem: null });
    // A png and a txt chosen together: the png stays, the txt is refused by name.
    expect(names([{ name: 'scan.png', size: 10 }, { name: 'notes.txt', size: 10 }])).toEqual({
      accepted: ['scan.png'], problem: 'Only png, jpg and gif images are accepted: notes.txt',
    });
    expect(names([{ name: 'a.png', size: 1 }, { name: 'b.png', size: 1 }], ['b.png'])).toEqual({
      accepted: ['a.png'], problem: 'You have already uploaded the following files: b.png',
    });
  });
  it('colours statuses: yellow while read, green done, red otherwise', () => {
    expect(['InProcess', 'inprocessing', 'done', 'problem', 'Pending'].map(statusColor)).toEqual(['yellow', 'yellow', 'green', 'red', 'red']);
  });
});

// Text as tesseract (mode 4) returned it for tests/fixtures/invoices/invoice-02-b-skewed.png, a row broken in two,
// and a line whose arithmetic is off (the OCR read 56.70 as 55.70).
const TEXT = `Summit Provisions Hartford
Delivery Invoice
Bill To: Maple Street Diner
Invoice Date: 2026-10-02
Delivery Date: 2026-10-03
Qty Item #       Description
Brand      Pack     UOM Price Amount
3 10413370 Salmon Fillet Atlantic Skin On

North Sea       10 LB       cs       124.90     374.70
1 10413781 Coffee Ground Medium Roast    Morning Peak 42/2.5 OZ CS        55.70       56.70
8 10412000 Chicken Breast Boneless Skinless    Prairie Farms    4/10 LB     cs        62.40     499.20
Subtotal: 930.60
Tax: 58.16
Total Due: 988.76`;

describe('invoice text parser', () => {
  const parsed = parseInvoiceText(TEXT);
  it('reads the general info', () => {
    expect(parsed).toMatchObject({ distributor: 'Summit Provisions Hartford', merchant: 'Maple Street Diner', invoiceDate: '2026-10-02', deliveryDate: '2026-10-03', taxAmount: 58.16, subtotal: 930.6 });
  });
  it('joins a broken row and reads code, quantity, prices, pack and uom', () => {
    expect(parsed.lines[0]).toMatchObject({ itemCode: '10413370', quantity: 3, unitPrice: 124.9, totalPrice: 374.7, pack: '10 LB', uom: 'CS', doubtful: false });
    expect(parsed.lines[2]).toMatchObject({ itemCode: '10412000', description: 'Chicken Breast Boneless Skinless', brand: 'Prairie Farms', quantity: 8, doubtful: false });
  });
  it('marks a line whose arithmetic fails as doubtful instead of changing it, and checks the subtotal', () => {
    expect(parsed.lines[1]).toMatchObject({ itemCode: '10413781', unitPrice: 55.7, totalPrice: 56.7, doubtful: true });
    expect(parsed.lines).toHaveLength(3);
    expect(parsed.sumMatchesSubtotal).toBe(true);
  });
  it('reads no amount beyond 10^12 (OCR noise): every total stays finite', () => {
    const noise = '9'.repeat(400);
    const text = `Tax: ${noise}.00\n2 10413370 Salmon Fillet   CS   5.00   ${noise}.00\nSubtotal: ${noise}.00`;
    const read = parseInvoiceText(text);
    expect(read).toMatchObject({ taxAmount: null, subtotal: null });
    expect(read.lines[0]).toMatchObject({ unitPrice: 5, totalPrice: null, doubtful: true });
  });
});

describe('invoice dates', () => {
  it("read 'MMM Do YYYY'", async () => {
    const { invoiceDate } = await import('./invoices.ts');
    expect(['2026-10-01', '2026-11-22T18:00:00Z', '2026-03-13', '2026-05-23'].map(invoiceDate)).toEqual(['Oct 1st 2026', 'Nov 22nd 2026', 'Mar 13th 2026', 'May 23rd 2026']);
  });
});

describe('the invoice pages\' search', () => {
  const invoice = (id: number, description: string, merchantName: string, status: string) =>
    ({ id, attachmentGroupingId: '', description, merchantName, status, reason: null, createdAt: '2026-11-02T10:00:00.000Z' });
  const invoices = [invoice(1, 'Weekly produce', 'Blue Anchor Grill', 'done'), invoice(2, 'Friday delivery', 'Harbor Diner', 'problem')];

  it('keeps the invoices whose name, location and status, read as one line, hold it (trimmed, case aside)', () => {
    expect(searchInvoices(invoices, '  harbor ').map((i) => i.id)).toEqual([2]);
    expect(searchInvoices(invoices, 'grill done').map((i) => i.id)).toEqual([1]);
    expect(searchInvoices(invoices, 'PROBLEM').map((i) => i.id)).toEqual([2]);
    expect(searchInvoices(invoices, 'weekly harbor')).toEqual([]);
  });

  it('a blank search keeps the very list', () => {
    expect(searchInvoices(invoices, '   ')).toBe(invoices);
  });

  it("keeps the items whose description, brand and item code hold it, not their pack or unit", () => {
    const item = { id: 1, description: 'Salmon Fillet', brand: 'North Sea', pack: '10 LB', uom: 'CS', itemCode: '10413370',
      quantity: 1, unitPrice: 1, totalPrice: 1, doubtful: false, deviatedPrice: null, overpaid: null,
      box: null, imageId: 31, added: false, correctedBy: null, correctedAt: null };
    const items = [item, { ...item, id: 2, description: 'Mozzarella', brand: 'Dairy Best', itemCode: '20551100' }];
    expect(searchInvoiceItems(items, 'north sea 1041').map((i) => i.id)).toEqual([1]);
    expect(searchInvoiceItems(items, '2055').map((i) => i.id)).toEqual([2]);
    expect(searchInvoiceItems(items, '10 LB')).toEqual([]);
  });
});
