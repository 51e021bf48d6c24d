// Purchase lines, generated merchant by merchant as COPY text so even 20M+ lines stream
// through with flat memory.
import { randomFor } from './random.ts';
import type { World } from './world.ts';

export const PURCHASE_COLUMNS = [
  'merchant_id', 'distributor_id', 'invoice_id', 'invoice_date', 'item_id', 'manufacturer_id',
  'category_id', 'quantity', 'unit_price', 'start_guidance', 'end_guidance',
];

export interface PurchaseCounter { lines: number }

// Days are UTC day numbers (days since 1970-01-01).
export function* purchaseChunks(world: World, firstDay: number, lastDay: number, counter: PurchaseCounter, linesScale = 1): Generator<string> {
  const r = randomFor('purchases');
  const dates: string[] = [];
  const months: number[] = [];
  for (let d = firstDay; d <= lastDay; d++) {
    const date = new Date(d * 86_400_000);
    dates.push(date.toISOString().slice(0, 10));
    months.push(date.getUTCFullYear() * 12 + date.getUTCMonth());
  }
  const items = world.items;
  const distributors = new Map(world.distributors.map((d) => [d.id, d]));
  const invoiceSeq = new Map<number, number>();

  for (const m of world.merchants) {
    let buf = '';
    for (const s of m.sellers) {
      const dist = distributors.get(s.distributorId)!;
      const isHouse = s.distributorId === m.houseId;
      let seq = invoiceSeq.get(dist.id) ?? 100000;
      for (let day = s.firstDay; day < dates.length; day += s.everyDays + (isHouse ? 0 : r.int(-3, 3))) {
        if (r.chance(isHouse ? 0.08 : 0.15)) continue; // a skipped order
        const invoiceId = `${dist.platformId.slice(3)}-${++seq}`;
        const date = dates[day]!;
        // Prices drift a little from month to month.
        const drift = 1 + 0.03 * Math.sin(months[day]! * 0.9 + dist.id);
        const count = Math.min(s.basket.length, Math.round((isHouse ? r.int(8, 20) : r.int(4, 12)) * linesScale));
        const start = r.int(0, s.basket.length - 1);
        const step = s.basket.length % 3 === 0 ? 1 : 3;
        for (let k = 0; k < count; k++) {
          // A rotating window over the basket: regulars recur, order to order.
          const item = items[s.basket[(start + k * step) % s.basket.length]! - 1]!;
          const x = r.next();
          const quantity = 1 + Math.floor(x * x * 10);
          const market = item.price * drift;
          const price = r.chance(0.08) ? '\\N' : (market * dist.priceFactor * r.float(0.97, 1.03)).toFixed(2);
          let low = '0', high = '0';
          if (!r.chance(0.05)) {
            low = (market * r.float(0.88, 0.96)).toFixed(2);
            high = (market * r.float(1.04, 1.12)).toFixed(2);
          }
          buf += `${m.id}\t${dist.id}\t${invoiceId}\t${date}\t${item.id}\t${item.manufacturerId}\t${item.categoryId}\t${quantity}\t${price}\t${low}\t${high}\n`;
          counter.lines++;
        }
      }
      invoiceSeq.set(dist.id, seq);
    }
    if (buf) yield buf;
  }
}
