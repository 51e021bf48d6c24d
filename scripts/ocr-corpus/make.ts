// npm run ocr:corpus [-- --force]: renders every layout's invoices (layouts.ts) with Chromium at
// 150 dpi, writes each page clean (PNG) and degraded (JPEG) to tests/fixtures/ocr-corpus/ with one
// truth JSON per image, and index.json. Generated on demand, never committed (.gitignore).
// Skips the work when index.json was written by the same generator (a hash of this folder's
// generator sources), so the benchmark can call ensureCorpus() cheaply.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { degrade } from './degrade.ts';
import { makeInvoice } from './invoices.ts';
import { LAYOUTS } from './layouts.ts';
import { rng } from './random.ts';
import { PAGE_HEIGHT, PAGE_WIDTH, pageHtml } from './render.ts';
import { CORPUS_DIR, INDEX_FILE, readIndex, truthFileOf, type CorpusIndex, type ImageTruth } from './truth.ts';

export const INVOICES_PER_LAYOUT = 4;
const DPI = 150;
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Changes whenever a generator source changes (the scoring and its test are not part of it). */
function generatorVersion(): string {
  const hash = crypto.createHash('sha256');
  for (const f of fs.readdirSync(HERE).filter((f) => f.endsWith('.ts') && !f.startsWith('score')).sort()) hash.update(f).update(fs.readFileSync(path.join(HERE, f)));
  return hash.digest('hex').slice(0, 16);
}

const upToDate = (index: CorpusIndex | null, version: string): index is CorpusIndex =>
  index?.version === version && index.truths.every((f) => fs.existsSync(path.join(CORPUS_DIR, f)));

export async function ensureCorpus({ force = false, log = console.log } = {}): Promise<CorpusIndex> {
  const version = generatorVersion();
  const existing = readIndex();
  if (!force && upToDate(existing, version)) return existing;

  const started = performance.now();
  fs.rmSync(CORPUS_DIR, { recursive: true, force: true });
  fs.mkdirSync(CORPUS_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: PAGE_WIDTH, height: PAGE_HEIGHT }, deviceScaleFactor: DPI / 96 });
  const truths: string[] = [];
  // Degrading runs while Chromium renders the next page: the machine's two cores both work.
  const pending: Promise<void>[] = [];
  const write = (file: string, data: Buffer | string) => fs.writeFileSync(path.join(CORPUS_DIR, file), data);
  try {
    for (const layout of LAYOUTS) {
      for (let n = 1; n <= INVOICES_PER_LAYOUT; n++) {
        const inv = makeInvoice(layout, n);
        for (const [i, lines] of inv.pages.entries()) {
          const name = `${layout.id}-${n}${i > 0 ? `-p${i + 1}` : ''}`;
          await page.setContent(pageHtml(inv, i));
          const clean = await page.screenshot({ fullPage: true, type: 'png' });
          const truth: ImageTruth = {
            file: `${name}-clean.png`, layout: layout.id, heldOut: layout.heldOut, condition: 'clean', page: i + 1, pages: inv.pages.length,
            invoiceNumber: inv.number, invoiceDate: inv.invoiceDate,
            deliveryDate: i === 0 ? inv.deliveryDate : null, seller: layout.seller.name, billTo: i === 0 ? inv.merchant.name : null,
            subtotal: i === inv.pages.length - 1 ? inv.subtotal : null, tax: i === inv.pages.length - 1 ? inv.tax : null,
            lines,
          };
          write(truth.file, clean);
          write(truthFileOf(truth.file), JSON.stringify(truth, null, 1) + '\n');
          const degradedFile = `${name}-degraded.jpg`;
          truths.push(truthFileOf(truth.file), truthFileOf(degradedFile));
          pending.push(degrade(clean, rng(`${name}/degrade`)).then(({ image, effects }) => {
            write(degradedFile, image);
            write(truthFileOf(degradedFile), JSON.stringify({ ...truth, file: degradedFile, condition: 'degraded', effects }, null, 1) + '\n');
          }));
        }
      }
      log(`${layout.id}${layout.heldOut ? ' (held out)' : ''}: ${INVOICES_PER_LAYOUT} invoices`);
    }
    await Promise.all(pending);
  } finally {
    await browser.close();
  }
  const index: CorpusIndex = { version, truths };
  fs.writeFileSync(INDEX_FILE, JSON.stringify(index, null, 1) + '\n');
  log(`${truths.length} images in ${CORPUS_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return index;
}

if (process.argv[1]?.endsWith(path.join('ocr-corpus', 'make.ts'))) await ensureCorpus({ force: process.argv.includes('--force') });
