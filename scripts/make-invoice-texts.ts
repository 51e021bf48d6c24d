// Writes tests/fixtures/invoices/<page>.txt: what the OCR (server/invoices/ocr.ts, after
// prepareForOcr) reads from each fixture page, so the parser is tested on real tesseract output
// without running OCR in every test. Run again after changing the OCR settings or the pages.
import fs from 'node:fs';
import path from 'node:path';
import { prepareForOcr } from '../server/invoices/images.ts';
import { createOcr } from '../server/invoices/ocr.ts';

const DIR = path.resolve('tests/fixtures/invoices');
const truth = JSON.parse(fs.readFileSync(path.join(DIR, 'truth.json'), 'utf8')) as { file: string }[];
const ocr = await createOcr();
for (const { file } of truth) {
  const text = await ocr.read(await prepareForOcr(fs.readFileSync(path.join(DIR, file))));
  fs.writeFileSync(path.join(DIR, file.replace(/\.(png|jpg)$/, '.txt')), text);
  console.log(`${file}: ${text.split('\n').length} lines`);
}
await ocr.close();
