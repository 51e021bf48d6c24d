// Writes tests/fixtures/invoices/<page>.txt and <page>.words.json: what the OCR
// (server/invoices/ocr.ts, after prepareForOcr) reads from each fixture page, its text and its
// word boxes, so the parsers are tested on real tesseract output without running OCR in every
// test. Run again after changing the OCR settings or the pages.
import fs from 'node:fs';
import path from 'node:path';
import { prepareForOcr } from '../server/invoices/images.ts';
import { createOcr } from '../server/invoices/ocr.ts';

const DIR = path.resolve('tests/fixtures/invoices');
const truth = JSON.parse(fs.readFileSync(path.join(DIR, 'truth.json'), 'utf8')) as { file: string }[];
const ocr = await createOcr();
for (const { file } of truth) {
  const { text, page } = await ocr.read(await prepareForOcr(fs.readFileSync(path.join(DIR, file))));
  const base = path.join(DIR, file.replace(/\.(png|jpg)$/, ''));
  fs.writeFileSync(`${base}.txt`, text);
  fs.writeFileSync(`${base}.words.json`, JSON.stringify(page));
  console.log(`${file}: ${text.split('\n').length} lines, ${page.rows.length} rows of words`);
}
await ocr.close();
