// npm run bench:ocr: the invoice pipeline (prepare, OCR, parse) over the fixture invoices whose
// true line items are known. Prints per-file results, then one JSON line:
// {"lines_correct_pct": …, "s_per_page": …, "peak_rss_mb": …}. A line is right when its item
// code, quantity and total are all right.
import fs from 'node:fs';
import path from 'node:path';
import { prepareForOcr } from '../server/invoices/images.ts';
import { createOcr } from '../server/invoices/ocr.ts';
import { readImage } from '../server/invoices/read-invoice.ts';

const DIR = path.resolve('tests/fixtures/invoices');
type Truth = { file: string; lines: { itemCode: string; quantity: number; totalPrice: number }[] };
const truth = JSON.parse(fs.readFileSync(path.join(DIR, 'truth.json'), 'utf8')) as Truth[];

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
const ocr = await createOcr();
await ocr.read(await prepareForOcr(fs.readFileSync(path.join(DIR, truth[0]!.file)))); // model load, not counted
let right = 0, total = 0, ms = 0;
for (const t of truth) {
  const t0 = performance.now();
  const parsed = (await readImage(ocr, fs.readFileSync(path.join(DIR, t.file)))).invoice;
  ms += performance.now() - t0;
  const ok = t.lines.filter((l) => parsed.lines.some((p) => p.itemCode === l.itemCode && p.quantity === l.quantity && p.totalPrice === l.totalPrice)).length;
  right += ok; total += t.lines.length;
  console.log(`${t.file.padEnd(28)} ${ok}/${t.lines.length} lines right, ${parsed.lines.length} read, ${((performance.now() - t0) / 1000).toFixed(2)} s`);
}
await ocr.close();
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ lines_correct_pct: Math.round((1000 * right) / total) / 10, s_per_page: Math.round(ms / truth.length) / 1000, peak_rss_mb: Math.round(peak / 1048576) }));
