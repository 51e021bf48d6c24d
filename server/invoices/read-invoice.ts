// One invoice page from image to parsed invoice: prepared, read with word boxes, parsed by its
// layout (header row, columns, labels); a page with no table header row is parsed from its text.
import { parseInvoiceText, type ParsedInvoice } from '../../src/model/invoice-parser.ts';
import { prepareForOcr } from './images.ts';
import { parseLayout } from './layout/parse-layout.ts';
import type { Ocr, OcrReading } from './ocr.ts';

export const parseReading = (reading: OcrReading): ParsedInvoice => parseLayout(reading.page) ?? parseInvoiceText(reading.text);

export async function readImage(ocr: Ocr, image: Buffer): Promise<{ text: string; invoice: ParsedInvoice }> {
  const reading = await ocr.read(await prepareForOcr(image));
  return { text: reading.text, invoice: parseReading(reading) };
}
