// One invoice page from image to parsed invoice: prepared, read with word boxes, parsed by its
// layout (header row, columns, labels); a page with no table header row is parsed from its text.
import { parseInvoiceText, type ParsedInvoice, type ParsedLine } from '../../src/model/invoice-parser.ts';
import { sumAddsUp } from './layout/numbers.ts';
import { prepareForOcr, turnedBy, type PreparedImage, type QuarterTurn } from './images.ts';
import { parseLayout } from './layout/parse-layout.ts';
import type { Ocr, OcrReading } from './ocr.ts';

export const parseReading = (reading: OcrReading): ParsedInvoice => parseLayout(reading.page) ?? parseInvoiceText(reading.text);

/** Every line read adds up and so do the lines: nothing a second reading could improve. */
const complete = (p: ParsedInvoice) => p.lines.length > 0 && p.lines.every((l) => !l.doubtful) && p.sumMatchesSubtotal !== false;

/** Two lines read from one row of the page (their boxes share most of their height). */
function sameRow(a: ParsedLine, b: ParsedLine): boolean {
  if (!a.box || !b.box) return false;
  const overlap = Math.min(a.box.y + a.box.h, b.box.y + b.box.h) - Math.max(a.box.y, b.box.y);
  return overlap > 0.5 * Math.min(a.box.h, b.box.h);
}

/**
 * The first reading, with each doubtful line replaced by the second reading's line of the same
 * row when that one adds up, and the second's lines that add up on rows the first missed. Only
 * lines that add up are taken from the second: on the pages that need it, its doubtful lines
 * were mostly noise read as rows (122 invented lines over the degraded development pages).
 */
export function mergeReadings(first: ParsedInvoice, second: ParsedInvoice): ParsedInvoice {
  const lines = [...first.lines];
  for (const line of second.lines.filter((l) => !l.doubtful)) {
    const at = lines.findIndex((l) => sameRow(l, line));
    if (at < 0) lines.push(line);
    else if (lines[at]!.doubtful) lines[at] = line;
  }
  lines.sort((a, b) => (a.box?.y ?? 0) - (b.box?.y ?? 0));
  const fields = Object.fromEntries(Object.entries(first).map(([k, v]) => [k, v ?? second[k as keyof ParsedInvoice]])) as ParsedInvoice;
  return { ...fields, lines, sumMatchesSubtotal: fields.subtotal === null ? null : sumAddsUp(lines, fields.subtotal) };
}

/** At least one line whose numbers add up: print read the right way up (garbage never adds up). */
const readable = (p: ParsedInvoice) => p.lines.some((l) => !l.doubtful);

/**
 * Tried in turn on a page with no line that adds up as it came: upside down, then either way
 * sideways. Each costs one table reading, so only a page that failed pays for them.
 */
const QUARTER_TURNS: QuarterTurn[] = [180, 90, 270];

/**
 * Read as a table first; a page that does not come out complete is read again word by word and
 * the two readings merged line by line. A page with no readable line is tried turned (a scan fed
 * upside down, a photo taken sideways without its orientation tag).
 */
export async function readImage(ocr: Ocr, image: Buffer): Promise<{ text: string; invoice: ParsedInvoice }> {
  const prepared = await prepareForOcr(image);
  const upright = await readPrepared(ocr, prepared, await ocr.read(prepared, 'table'));
  if (readable(upright.invoice)) return upright;
  for (const degrees of QUARTER_TURNS) {
    const turned = await turnedBy(prepared, degrees);
    const table = await ocr.read(turned, 'table');
    if (readable(parseReading(table))) return readPrepared(ocr, turned, table);
  }
  return upright;
}

/** The page's table reading, completed by a sparse one when it is not complete. */
async function readPrepared(ocr: Ocr, prepared: PreparedImage, table: OcrReading): Promise<{ text: string; invoice: ParsedInvoice }> {
  const invoice = parseReading(table);
  if (complete(invoice)) return { text: table.text, invoice };
  const sparse = await ocr.read(prepared, 'sparse');
  return { text: table.text, invoice: mergeReadings(invoice, parseReading(sparse)) };
}
