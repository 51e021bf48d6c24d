// Reads one uploaded image: OCR, parse, price check, save. Idempotent (an image's items are
// replaced), so a job that runs again after a crash gives the same result.
import type pg from 'pg';
import { parseInvoiceText, type ParsedInvoice } from '../../src/model/invoice-parser.ts';
import { inTransaction } from '../db/transaction.ts';
import { invoicesRepository } from '../repositories/invoices.ts';
import { checkPrices } from './price-check.ts';
import { ReaderStopped, type InvoiceReader } from './reader.ts';

export async function processImage(pool: pg.Pool, reader: InvoiceReader, imageId: number): Promise<void> {
  const repo = invoicesRepository(pool);
  const image = await repo.imageForOcr(imageId);
  if (!image) return; // deleted meanwhile
  let text = '';
  let parsed: ParsedInvoice = parseInvoiceText('');
  let problem: string | null = null;
  try {
    ({ text, invoice: parsed } = await reader.read(image.data));
  } catch (error) {
    if (error instanceof ReaderStopped) throw error; // not the image's fault: the job runs again
    problem = 'The image could not be read. Please upload a clearer photo.';
  }
  if (!problem && parsed.lines.length === 0) problem = 'No line items were found on the image. Please upload a clearer photo of the whole page.';
  const lines = await checkPrices(pool, image.distributorId, parsed.lines, parsed.invoiceDate ?? new Date().toISOString().slice(0, 10));
  await inTransaction(pool, async (db) => {
    // Deleted (or its invoice) while it was read: nothing to save.
    if (!(await repo.lockImage(db, imageId))) return;
    await repo.saveReading(db, { imageId, invoiceId: image.invoiceId, parsed, ok: problem === null, text, lines });
    await repo.settleStatus(db, image.invoiceId, problem);
  });
}
