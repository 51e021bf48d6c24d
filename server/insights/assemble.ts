// Turns the insights repository's rows into answers: invoices with their order volume, and the
// win-back rows with their estimated rebate (definitions: docs/insights.md, domain guide).
import type { OrderHistory, OrderInvoice, WinBackList, WinBackRow } from '../../src/model/insights.ts';
import type { OrderLineRow, WinBackDbRow } from '../repositories/insights.ts';

const cents = (n: number) => Math.round(n * 100) / 100;

/** Domain guide: an order's volume is Σ midpoint × quantity; a line's estimate is start × qty … end × qty. */
export function invoicesOf(lines: OrderLineRow[]): OrderInvoice[] {
  const invoices = new Map<string, OrderInvoice>();
  for (const l of lines) {
    const key = `${l.date}|${l.distributorPlatformId}|${l.invoiceId}`;
    let invoice = invoices.get(key);
    if (!invoice) {
      invoice = { date: l.date, distributor: l.distributor, distributorPlatformId: l.distributorPlatformId, invoiceId: l.invoiceId, estimatedVolume: 0, lines: [] };
      invoices.set(key, invoice);
    }
    const estimatedVolume = ((l.start + l.end) / 2) * l.quantity;
    invoice.estimatedVolume += estimatedVolume;
    invoice.lines.push({
      min: l.min, description: l.description, manufacturer: l.manufacturer, manufacturerPlatformId: l.manufacturerPlatformId,
      category: l.category, packsize: l.packsize, uom: l.uom, quantity: l.quantity,
      startGuidanceRange: l.start, endGuidanceRange: l.end,
      volumeLow: cents(l.start * l.quantity), volumeHigh: cents(l.end * l.quantity), estimatedVolume: cents(estimatedVolume),
    });
  }
  return [...invoices.values()].map((i) => ({ ...i, estimatedVolume: cents(i.estimatedVolume) }));
}

export function orderHistoryOf(merchants: { id: number; merchant: string }[], lines: OrderLineRow[]): OrderHistory {
  return merchants.map((m) => ({ ...m, invoices: invoicesOf(lines.filter((l) => l.merchantId === m.id)) }));
}

/**
 * The rebate the merchant would earn buying the same quantity of the replacement from the house:
 * fixed per unit × quantity, fixed per pound × quantity × the replacement's pack weight, a
 * percentage of what it would pay (the house's deviated price × quantity when it has one, else
 * the same spend as at the competitor).
 */
export function estimatedRebate(r: WinBackDbRow): number {
  const x = r.replacement;
  if (!x || x.rebateType === null || x.rebateValue === null) return 0;
  switch (x.rebateType) {
    case 'FIXED_AMOUNT_PER_QTY':
      return x.rebateValue * r.quantity;
    case 'FIXED_AMOUNT_PER_WEIGHT':
      return x.rebateValue * r.quantity * x.weight;
    case 'PERCENT_OF_COST':
    case 'PERCENT_OF_PRICE':
      return (x.rebateValue / 100) * (x.deviationValue !== null ? x.deviationValue * r.quantity : r.volume);
  }
}

/** Sorted by money at stake (the competitor volume), then estimated rebate, then MIN. */
export function winBackOf(rows: WinBackDbRow[]): WinBackList {
  const out: WinBackRow[] = rows.map((r) => {
    const { weight: _w, ...replacement } = r.replacement ?? { weight: 0 };
    return {
      min: r.min, description: r.description, manufacturer: r.manufacturer, manufacturerPlatformId: r.manufacturerPlatformId,
      category: r.category, quantity: r.quantity, competitorVolume: cents(r.volume),
      replacement: r.replacement ? (replacement as WinBackRow['replacement']) : null,
      estimatedRebate: cents(estimatedRebate(r)),
      moneyAtStake: cents(r.volume),
    };
  });
  out.sort((a, b) => b.moneyAtStake - a.moneyAtStake || b.estimatedRebate - a.estimatedRebate || (a.min < b.min ? -1 : 1));
  return {
    totalAtStake: cents(out.reduce((s, r) => s + r.moneyAtStake, 0)),
    totalRebate: cents(out.reduce((s, r) => s + r.estimatedRebate, 0)),
    rows: out,
  };
}
