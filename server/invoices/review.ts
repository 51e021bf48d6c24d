// A reviewer's correction of what OCR read (docs/invoices.md), in the caller's transaction: the
// change, its record (who, when, the line before and after), the line's doubtful mark and price
// check as the pipeline would set them, and the invoice's total paid above deviated prices.
import { lineDoubtful } from '../../src/model/invoice-parser.ts';
import type { LineCorrection } from '../../src/model/invoice-review.ts';
import type { Queryable } from '../db/queryable.ts';
import {
  deleteLine, insertLine, lineForUpdate, lockForReview, recordCorrection, refreshOverpaid, updateLine, type LineRow,
} from '../repositories/invoices.ts';
import { checkPrices } from './price-check.ts';

export type LineChange =
  | { action: 'edit'; itemId: number; line: LineCorrection }
  | { action: 'delete'; itemId: number }
  | { action: 'add'; line: LineCorrection };

/** Applies one correction; false when the invoice (deleted meanwhile) has no such line (nothing changed). */
export async function reviewLine(db: Queryable, invoiceId: number, userId: number, change: LineChange): Promise<boolean> {
  const invoice = await lockForReview(db, invoiceId);
  if (invoice === null) return false;
  const before = change.action === 'add' ? null : await lineForUpdate(db, invoiceId, change.itemId);
  if (change.action !== 'add' && before === null) return false;
  const checked = async (line: LineCorrection) =>
    (await checkPrices(db, invoice.distributorId, [{ ...line, doubtful: lineDoubtful(line.quantity, line.unitPrice, line.totalPrice) }], invoice.on))[0]!;
  let after: LineRow | null = null;
  if (change.action === 'edit') after = await updateLine(db, change.itemId, await checked(change.line), userId);
  else if (change.action === 'add') after = await insertLine(db, invoiceId, null, await checked(change.line), userId);
  else await deleteLine(db, change.itemId);
  const itemId = change.action === 'add' ? (after!.id as number) : change.itemId;
  await recordCorrection(db, { invoiceId, itemId, userId, action: change.action, before, after });
  await refreshOverpaid(db, invoiceId);
  return true;
}
