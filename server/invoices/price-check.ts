// The price check (beyond the spec): each line read from an invoice is matched to the catalogue
// and its unit price compared with the house's deviated price in force on the invoice date.
// Shared by the OCR pipeline and the demo seed, so seeded invoices are checked the same way.
import type { ParsedLine } from '../../src/model/invoice-parser.ts';
import type { Queryable } from '../db/queryable.ts';
import { deviatedPrice, type CheckedLine } from '../repositories/invoices.ts';

/** Each line with its catalogue match, the deviated price, and what was paid above it (quantity × difference, to the cent). */
export async function checkPrices(db: Queryable, distributorId: number, lines: readonly ParsedLine[], on: string): Promise<CheckedLine[]> {
  const checked: CheckedLine[] = [];
  for (const line of lines) {
    const hit = await deviatedPrice(db, distributorId, line.itemCode, line.description, on);
    const overpaid = hit && line.unitPrice !== null && line.unitPrice > hit.price
      ? Math.round((line.unitPrice - hit.price) * (line.quantity ?? 1) * 100) / 100 : null;
    checked.push({ line, matchedItemId: hit?.itemId ?? null, deviatedPrice: hit?.price ?? null, overpaid });
  }
  return checked;
}
