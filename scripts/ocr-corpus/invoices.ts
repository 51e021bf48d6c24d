// One invoice of a layout, drawn from a seeded stream: products, quantities, dates, totals, and
// its lines split over its pages. What a line holds is what the layout prints (capitals, no brand
// when there is no brand column), so the page is rendered from its own truth.
import { hasColumn, type Layout } from './layouts.ts';
import { MERCHANTS, PRODUCTS } from './products.ts';
import { fillPattern, rng } from './random.ts';
import type { TrueLine } from './truth.ts';

export type Invoice = {
  layout: Layout;
  n: number;
  number: string;
  invoiceDate: string;
  deliveryDate: string;
  merchant: (typeof MERCHANTS)[number];
  /** The lines of each page. */
  pages: TrueLine[][];
  subtotal: number;
  tax: number;
  total: number;
};

const cents = (n: number) => Math.round(n * 100);
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One code per product for a layout (a distributor's own numbering), all different. */
const codeCache = new Map<string, string[]>();
function codesOf(layout: Layout): string[] {
  if (!layout.codePattern) return PRODUCTS.map(() => '');
  const cached = codeCache.get(layout.id);
  if (cached) return cached;
  const r = rng(`${layout.id}/codes`);
  const codes: string[] = [];
  for (const _ of PRODUCTS) {
    let code: string;
    do code = fillPattern(layout.codePattern, r); while (codes.includes(code));
    codes.push(code);
  }
  codeCache.set(layout.id, codes);
  return codes;
}

export function makeInvoice(layout: Layout, n: number): Invoice {
  const r = rng(`${layout.id}/${n}`);
  const codes = codesOf(layout);
  const count = r.int(layout.lines[0], layout.lines[1]);
  // Distinct products: a partial Fisher–Yates shuffle of the catalogue's indexes.
  const order = PRODUCTS.map((_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = r.int(i, order.length - 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const text = (s: string) => (layout.upper ? s.toUpperCase() : s);
  const lines = order.slice(0, count).map((i): TrueLine => {
    const p = PRODUCTS[i]!;
    const byWeight = layout.catchWeight === true && p.perLb !== undefined;
    // Mostly a few cases, now and then a big order; by weight: pounds with one or two decimals.
    const scale = r.chance(0.5) ? 10 : 100;
    const quantity = byWeight ? Math.round(r.range(8, 45) * scale) / scale : r.chance(0.75) ? r.int(1, 8) : r.int(9, 40);
    const unitPrice = byWeight ? p.perLb! : p.price;
    const uom = byWeight ? 'LB' : p.uom;
    return {
      itemCode: codes[i]!,
      description: text(p.description),
      brand: hasColumn(layout, 'brand') ? text(p.brand) : '',
      pack: hasColumn(layout, 'pack') || hasColumn(layout, 'packUom') ? p.pack : '',
      uom: hasColumn(layout, 'uom') || hasColumn(layout, 'packUom') ? uom : '',
      quantity,
      unitPrice,
      // The same rounding a reader checks a line with: qty × price to the cent.
      totalPrice: cents(quantity * unitPrice) / 100,
    };
  });
  const subtotalCents = lines.reduce((s, l) => s + cents(l.totalPrice), 0);
  const taxCents = Math.round(subtotalCents * layout.taxRate);
  const invoiceDate = addDays('2026-09-01', r.int(0, 90));
  const split = layout.twoPages?.firstPageLines;
  return {
    layout,
    n,
    number: fillPattern(layout.invoiceNumberPattern, r),
    invoiceDate,
    deliveryDate: addDays(invoiceDate, r.int(0, 3)),
    merchant: r.pick(MERCHANTS),
    pages: split ? [lines.slice(0, split), lines.slice(split)] : [lines],
    subtotal: subtotalCents / 100,
    tax: taxCents / 100,
    total: (subtotalCents + taxCents) / 100,
  };
}
