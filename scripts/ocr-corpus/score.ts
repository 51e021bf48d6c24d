// How well a reading of one corpus image matches its truth, and the figures over many images.
// Pure: no files, no OCR (scripts/bench-ocr.ts does those).
//
// Matching: each true line takes at most one read line, greedily, best pair first. A pair is
// possible when the item codes are the same (layouts that print codes), or, when the truth has no
// code, when the descriptions are at least 0.8 alike and the quantity or the total agrees.
// Lines found (the headline) = matched / (true lines + invented lines): an invented line (a read
// line matched to no true line) counts against it, so reading more cannot help.
import type { ParsedInvoice, ParsedLine } from '../../src/model/invoice-parser.ts';
import type { ImageTruth, TrueLine } from './truth.ts';

export const SIMILAR_DESCRIPTION = 0.8;
export const HEADER_FIELDS = ['invoiceNumber', 'invoiceDate', 'deliveryDate', 'seller', 'billTo', 'subtotal', 'tax'] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];

export type Counts = {
  trueLines: number; readLines: number; matched: number;
  qtyExact: number; priceExact: number; totalExact: number;
  /** Per header field: how many pages printed it, and on how many the reader got it right. */
  header: Record<HeaderField, { right: number; of: number }>;
};
export type PageScore = Counts & { missedHeader: HeaderField[] };

export type Figures = {
  lines_found_pct: number | null; recall_pct: number | null; precision_pct: number | null; invented: number;
  qty_exact_pct: number | null; price_exact_pct: number | null; total_exact_pct: number | null; header_right_pct: number | null;
};

const words = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const sameNumber = (a: number | null | undefined, b: number) => a !== null && a !== undefined && Math.abs(a - b) < 1e-9;
const sameMoney = (a: number | null | undefined, b: number) => a !== null && a !== undefined && Math.round(a * 100) === Math.round(b * 100);
const sameCode = (a: string, b: string) => a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/** 0–1: the better of token overlap (Dice) and edit-distance likeness, on lower-cased words. */
export function descriptionSimilarity(a: string, b: string): number {
  const [x, y] = [words(a), words(b)];
  if (!x || !y) return x === y ? 1 : 0;
  const [tx, ty] = [x.split(' '), y.split(' ')];
  const common = tx.filter((t) => ty.includes(t)).length;
  const dice = (2 * common) / (tx.length + ty.length);
  return Math.max(dice, 1 - levenshtein(x, y) / Math.max(x.length, y.length));
}

/** Pairs [true index, read index], each line used once, best pairs first. */
export function matchLines(truth: TrueLine[], read: ParsedLine[]): [number, number][] {
  const candidates: { t: number; r: number; score: number }[] = [];
  truth.forEach((tl, t) => read.forEach((rl, r) => {
    const similarity = descriptionSimilarity(tl.description, rl.description);
    const agrees = sameNumber(rl.quantity, tl.quantity) || sameMoney(rl.totalPrice, tl.totalPrice);
    const possible = tl.itemCode ? sameCode(rl.itemCode, tl.itemCode) : similarity >= SIMILAR_DESCRIPTION && agrees;
    if (possible) candidates.push({ t, r, score: similarity + (agrees ? 1 : 0) });
  }));
  candidates.sort((a, b) => b.score - a.score);
  const [usedT, usedR] = [new Set<number>(), new Set<number>()];
  const pairs: [number, number][] = [];
  for (const c of candidates) {
    if (usedT.has(c.t) || usedR.has(c.r)) continue;
    usedT.add(c.t);
    usedR.add(c.r);
    pairs.push([c.t, c.r]);
  }
  return pairs;
}

export const emptyCounts = (): Counts => ({
  trueLines: 0, readLines: 0, matched: 0, qtyExact: 0, priceExact: 0, totalExact: 0,
  header: Object.fromEntries(HEADER_FIELDS.map((f) => [f, { right: 0, of: 0 }])) as Counts['header'],
});

/** The header fields this page prints, and whether the reading has each right. */
function headerChecks(truth: ImageTruth, read: ParsedInvoice): [HeaderField, boolean][] {
  const sameText = (a: string | null | undefined, b: string) => a !== null && a !== undefined && words(a) === words(b);
  const checks: [HeaderField, boolean | null][] = [
    ['invoiceNumber', sameCode(read.invoiceNumber ?? '', truth.invoiceNumber)],
    ['invoiceDate', read.invoiceDate === truth.invoiceDate],
    ['deliveryDate', truth.deliveryDate === null ? null : read.deliveryDate === truth.deliveryDate],
    ['seller', sameText(read.distributor, truth.seller)],
    ['billTo', truth.billTo === null ? null : sameText(read.merchant, truth.billTo)],
    ['subtotal', truth.subtotal === null ? null : sameMoney(read.subtotal, truth.subtotal)],
    ['tax', truth.tax === null ? null : sameMoney(read.taxAmount, truth.tax)],
  ];
  return checks.filter((c): c is [HeaderField, boolean] => c[1] !== null);
}

export function scorePage(truth: ImageTruth, read: ParsedInvoice): PageScore {
  const pairs = matchLines(truth.lines, read.lines).map(([t, r]) => [truth.lines[t]!, read.lines[r]!] as const);
  const score: PageScore = {
    ...emptyCounts(),
    trueLines: truth.lines.length,
    readLines: read.lines.length,
    matched: pairs.length,
    qtyExact: pairs.filter(([t, r]) => sameNumber(r.quantity, t.quantity)).length,
    priceExact: pairs.filter(([t, r]) => sameMoney(r.unitPrice, t.unitPrice)).length,
    totalExact: pairs.filter(([t, r]) => sameMoney(r.totalPrice, t.totalPrice)).length,
    missedHeader: [],
  };
  for (const [field, right] of headerChecks(truth, read)) {
    score.header[field] = { right: right ? 1 : 0, of: 1 };
    if (!right) score.missedHeader.push(field);
  }
  return score;
}

export function addCounts(a: Counts, b: Counts): Counts {
  return {
    trueLines: a.trueLines + b.trueLines, readLines: a.readLines + b.readLines, matched: a.matched + b.matched,
    qtyExact: a.qtyExact + b.qtyExact, priceExact: a.priceExact + b.priceExact, totalExact: a.totalExact + b.totalExact,
    header: Object.fromEntries(HEADER_FIELDS.map((f) => [f, { right: a.header[f].right + b.header[f].right, of: a.header[f].of + b.header[f].of }])) as Counts['header'],
  };
}

export const sumCounts = (all: Counts[]) => all.reduce(addCounts, emptyCounts());

/** A percentage to one decimal, null when there is nothing to count. */
export const pct = (n: number, of: number): number | null => (of === 0 ? null : Math.round((1000 * n) / of) / 10);

export function figures(c: Counts): Figures {
  const invented = c.readLines - c.matched;
  const header = Object.values(c.header);
  return {
    lines_found_pct: pct(c.matched, c.trueLines + invented),
    recall_pct: pct(c.matched, c.trueLines),
    precision_pct: pct(c.matched, c.readLines),
    invented,
    qty_exact_pct: pct(c.qtyExact, c.matched),
    price_exact_pct: pct(c.priceExact, c.matched),
    total_exact_pct: pct(c.totalExact, c.matched),
    header_right_pct: pct(header.reduce((s, h) => s + h.right, 0), header.reduce((s, h) => s + h.of, 0)),
  };
}
