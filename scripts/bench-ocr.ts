// npm run bench:ocr [-- options]: the invoice reader (server/invoices/read-invoice.ts) over the OCR
// corpus (scripts/ocr-corpus/, generated on first use), scored against each image's truth.
//
// Figures (scripts/ocr-corpus/score.ts): each true line is matched to at most one read line (same
// item code; without codes, a description at least 0.8 alike plus the same quantity or total).
// "Lines found" = matched / (true lines + invented lines), where invented lines are read lines
// matched to no true line: inventing lines lowers it, so nothing invented can help. Recall
// (matched / true) and precision (matched / read) are printed beside it. Quantities, unit prices
// and totals are "exact" per matched line. Header fields are scored where the page prints them.
//
// Development layouts are for tuning; held-out layouts (heldOut in scripts/ocr-corpus/layouts.ts)
// must never be looked at while tuning: use --dev then. The last line printed is one JSON object.
import fs from 'node:fs';
import path from 'node:path';
import { startReaderProcess } from '../server/invoices/reader-process.ts';
import type { ParsedInvoice } from '../src/model/invoice-parser.ts';
import { LAYOUTS } from './ocr-corpus/layouts.ts';
import { ensureCorpus } from './ocr-corpus/make.ts';
import { figures, HEADER_FIELDS, pct, scorePage, sumCounts, type Counts, type PageScore } from './ocr-corpus/score.ts';
import { CORPUS_DIR, readTruths, type ImageTruth } from './ocr-corpus/truth.ts';

const HELP = `npm run bench:ocr -- [options]
  --layouts a,b   only these layouts (ids in scripts/ocr-corpus/layouts.ts)
  --dev           only the development layouts (use this while tuning the reader)
  --held-out      only the held-out layouts
  --clean         only the clean images (skip the degraded ones)
  --force         regenerate the corpus first
  --help          this text
Layouts: ${LAYOUTS.map((l) => l.id + (l.heldOut ? ' (held out)' : '')).join(', ')}`;

function options(argv: string[]) {
  const value = (name: string) => {
    const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
    if (i < 0) return undefined;
    return argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  };
  const layouts = value('--layouts')?.split(',').filter(Boolean);
  const unknown = layouts?.filter((id) => !LAYOUTS.some((l) => l.id === id)) ?? [];
  if (unknown.length) throw new Error(`Unknown layouts: ${unknown.join(', ')}\n\n${HELP}`);
  return { help: argv.includes('--help'), layouts, dev: argv.includes('--dev'), heldOut: argv.includes('--held-out'), clean: argv.includes('--clean'), force: argv.includes('--force') };
}

const opts = options(process.argv.slice(2));
if (opts.help) {
  console.log(HELP);
  process.exit(0);
}

const truths = readTruths(await ensureCorpus({ force: opts.force })).filter((t) =>
  (!opts.layouts || opts.layouts.includes(t.layout)) && !(opts.dev && t.heldOut) && !(opts.heldOut && !t.heldOut) && !(opts.clean && t.condition === 'degraded'));
if (truths.length === 0) throw new Error('No images chosen.');

const empty: ParsedInvoice = { distributor: null, invoiceNumber: null, merchant: null, invoiceDate: null, deliveryDate: null, taxAmount: null, subtotal: null, lines: [], sumMatchesSubtotal: null };
type Result = { truth: ImageTruth; score: PageScore; seconds: number };

// The reader process the server uses (server/invoices/reader-process.ts), with its defaults.
const reader = startReaderProcess();
let benchPeak = process.memoryUsage().rss;
const sampler = setInterval(() => { benchPeak = Math.max(benchPeak, process.memoryUsage().rss); }, 50);
const image = (t: ImageTruth) => fs.readFileSync(path.join(CORPUS_DIR, t.file));
await reader.read(image(truths[0]!)); // starts the reader and loads the model: not counted
const results: Result[] = [];
for (const truth of truths) {
  const t0 = performance.now();
  let read = empty;
  try {
    read = (await reader.read(image(truth))).invoice;
  } catch (error) {
    console.log(`${truth.file}: the reader failed: ${String(error)}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  const score = scorePage(truth, read);
  results.push({ truth, score, seconds });
  const header = score.missedHeader.length ? `, header missed: ${score.missedHeader.join(' ')}` : '';
  console.log(`${truth.file.padEnd(36)} ${score.matched}/${score.trueLines} found, ${score.readLines - score.matched} invented, `
    + `exact q/p/t ${score.qtyExact}/${score.priceExact}/${score.totalExact}${header}, ${seconds.toFixed(2)} s`);
}
await reader.close();
clearInterval(sampler);

const counts = (keep: (r: Result) => boolean): Counts => sumCounts(results.filter(keep).map((r) => r.score));
const show = (n: number | null) => (n === null ? '–' : n.toFixed(1));
const pair = (c: Counts, d: Counts, key: 'lines_found_pct' | 'qty_exact_pct' | 'price_exact_pct' | 'total_exact_pct' | 'header_right_pct') =>
  `${show(figures(c)[key])} / ${show(figures(d)[key])}`.padEnd(14);

console.log('\nPer layout (clean / degraded)');
console.log(`${'layout'.padEnd(22)}${'split'.padEnd(10)}${'images'.padEnd(8)}${'found %'.padEnd(14)}${'qty %'.padEnd(14)}${'price %'.padEnd(14)}${'total %'.padEnd(14)}${'header %'.padEnd(14)}s/page`);
for (const layout of LAYOUTS) {
  const mine = results.filter((r) => r.truth.layout === layout.id);
  if (mine.length === 0) continue;
  const [c, d] = (['clean', 'degraded'] as const).map((cond) => counts((r) => r.truth.layout === layout.id && r.truth.condition === cond)) as [Counts, Counts];
  const seconds = mine.reduce((s, r) => s + r.seconds, 0) / mine.length;
  console.log(`${layout.id.padEnd(22)}${(layout.heldOut ? 'HELD OUT' : 'dev').padEnd(10)}${String(mine.length).padEnd(8)}`
    + `${pair(c, d, 'lines_found_pct')}${pair(c, d, 'qty_exact_pct')}${pair(c, d, 'price_exact_pct')}${pair(c, d, 'total_exact_pct')}${pair(c, d, 'header_right_pct')}${seconds.toFixed(2)}`);
}

const SIDES = [['dev', 'development layouts', false], ['held_out', 'held-out layouts', true]] as const;
const CONDITIONS = ['clean', 'degraded'] as const;
const summary: Record<string, Record<string, object | null>> = {};
console.log('\nTotals');
console.log(`${''.padEnd(32)}${['found %', 'recall %', 'precision %', 'invented', 'qty %', 'price %', 'total %', 'header %', 'lines'].map((h) => h.padEnd(12)).join('')}`);
for (const [key, name, heldOut] of SIDES) {
  summary[key] = {};
  for (const condition of CONDITIONS) {
    const c = counts((r) => r.truth.heldOut === heldOut && r.truth.condition === condition);
    const f = figures(c);
    summary[key]![condition] = c.trueLines === 0 ? null
      : { lines_found_pct: f.lines_found_pct, qty_exact_pct: f.qty_exact_pct, price_exact_pct: f.price_exact_pct, total_exact_pct: f.total_exact_pct, header_right_pct: f.header_right_pct };
    if (c.trueLines === 0) continue;
    console.log(`${`${name}, ${condition}`.padEnd(32)}${[f.lines_found_pct, f.recall_pct, f.precision_pct].map((n) => show(n).padEnd(12)).join('')}${String(f.invented).padEnd(12)}`
      + `${[f.qty_exact_pct, f.price_exact_pct, f.total_exact_pct, f.header_right_pct].map((n) => show(n).padEnd(12)).join('')}${c.trueLines}`);
    console.log(`${''.padEnd(34)}header: ${HEADER_FIELDS.filter((h) => c.header[h].of > 0).map((h) => `${h} ${show(pct(c.header[h].right, c.header[h].of))} %`).join(', ')}`);
  }
}

const seconds = results.map((r) => r.seconds);
const mean = seconds.reduce((s, x) => s + x, 0) / seconds.length;
const max = Math.max(...seconds);
const { peakRssMb, started } = reader.stats();
console.log(`\n${results.length} images; seconds per page: mean ${mean.toFixed(2)}, max ${max.toFixed(2)} (model load not counted)`);
console.log(`peak RSS of the reader process ${peakRssMb} MB (its VmHWM; ${started} reader process${started === 1 ? '' : 'es'} started); `
  + `this benchmark's own process ${Math.round(benchPeak / 1048576)} MB (sampled every 50 ms)`);
console.log(JSON.stringify({ ...summary, s_per_page_mean: Math.round(mean * 1000) / 1000, s_per_page_max: Math.round(max * 1000) / 1000, peak_rss_mb: peakRssMb, reader_processes: started }));
