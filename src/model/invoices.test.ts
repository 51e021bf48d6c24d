import { describe, expect, it } from 'vitest';
import { parseInvoiceText } from './invoice-parser.ts';
import { fileProblem, INVOICE_MESSAGES, statusColor } from './invoices.ts';

describe('invoice upload rules', () => {
  it('refuses a file over 10,000,000 bytes, a type other than png/jpg/gif, and names already sent', () => {
    expect(fileProblem([{ name: 'a.png', size: 10_000_000 }], [])).toBeNull();
    expect(fileProblem([{ name: 'a.png', size: 10_000_001 }], [])).toBe(INVOICE_MESSAGES.maxSize);
    expect(fileProblem([{ name: 'a.pdf', size: 10 }], [])).toBe(INVOICE_MESSAGES.wrongType);
    expect(fileProblem([{ name: 'a.JPG', size: 10 }, { name: 'b.gif', size: 10 }], [])).toBeNull();
    expect(fileProblem([{ name: 'a.png', size: 1 }, { name: 'b.png', size: 1 }], ['b.png'])).toBe('You have already uploaded the following files: b.png');
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
