// Temporary reader: what the pipeline does today (prepare the image, OCR, parse the text), so the
// benchmark (scripts/bench-ocr.ts) has something to judge. The layout-aware reader replaces this file.
import { parseInvoiceText, type ParsedInvoice } from '../../src/model/invoice-parser.ts';
import { prepareForOcr } from './images.ts';
import type { Ocr } from './ocr.ts';

export async function readInvoice(ocr: Ocr, image: Buffer): Promise<ParsedInvoice> {
  return parseInvoiceText(await ocr.read(await prepareForOcr(image)));
}
