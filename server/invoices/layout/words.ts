// The words tesseract read on a page, with their boxes in pixels, grouped into the rows it found
// (page segmentation mode 4 keeps a table row on one row). The layout reader works on these.
import type { Page as TesseractPage } from 'tesseract.js';
import type { Turn } from '../deskew.ts';

export type Word = { text: string; x0: number; y0: number; x1: number; y1: number };
export type Row = { words: Word[]; y0: number; y1: number; text: string };
/** Boxes are on the page as read; `turn` says how that page was turned from the uploaded one. */
export type PageWords = { width: number; height: number; rows: Row[]; turn?: Turn };

/** Table rules and specks read as text ("|", "—", "_"), which would split or pad cells. */
const RULE = /^[|\-_—–=~.,:;'"`!]+$/;

export function rowOf(words: Word[]): Row {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  return {
    words: sorted,
    y0: Math.min(...sorted.map((w) => w.y0)),
    y1: Math.max(...sorted.map((w) => w.y1)),
    text: sorted.map((w) => w.text).join(' '),
  };
}

export function pageWords(page: Pick<TesseractPage, 'blocks'>, width: number, height: number, turn?: Turn): PageWords {
  const words = (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)))
    .map((w) => ({ text: w.text.trim(), ...w.bbox }))
    .filter((w) => w.text !== '' && !RULE.test(w.text));
  return { width, height, rows: rowsOf(words), ...(turn ? { turn } : {}) };
}

/**
 * Words into rows by where they sit, not by how tesseract grouped them (sparse text mode reads
 * every word but groups few): a word joins the row whose middle band it overlaps most, taken top down.
 * Heights may differ by up to 2.5×: tesseract swells the boxes of half a table row when a rule
 * touches them (61 px against 28 px), and a heading twice the size of the print still stays apart.
 */
export function rowsOf(words: readonly Word[]): Row[] {
  const rows: Word[][] = [];
  const mid = (w: Word) => (w.y0 + w.y1) / 2;
  for (const w of [...words].sort((a, b) => mid(a) - mid(b))) {
    const row = rows.find((r) => {
      const y0 = median(r.map((x) => x.y0)), y1 = median(r.map((x) => x.y1));
      return mid(w) > y0 && mid(w) < y1 && (y1 - y0) < 2.5 * (w.y1 - w.y0) && (w.y1 - w.y0) < 2.5 * (y1 - y0);
    });
    if (row) row.push(w); else rows.push([w]);
  }
  return rows.map(rowOf).sort((a, b) => a.y0 - b.y0);
}

const median = (ns: number[]) => [...ns].sort((a, b) => a - b)[Math.floor(ns.length / 2)]!;

/** The median width of one character: the yardstick for gaps between words and columns. */
export function charWidth(rows: readonly Row[]): number {
  const widths = rows.flatMap((r) => r.words.filter((w) => w.text.length >= 2).map((w) => (w.x1 - w.x0) / w.text.length)).sort((a, b) => a - b);
  return widths.length ? widths[Math.floor(widths.length / 2)]! : 10;
}

/** A row's words split where the gap is wider than `gap` pixels: the row's cells. */
export function cellsOf(row: Row, gap: number): Word[][] {
  const cells: Word[][] = [];
  for (const w of row.words) {
    const last = cells.at(-1);
    if (last && w.x0 - last.at(-1)!.x1 <= gap) last.push(w);
    else cells.push([w]);
  }
  return cells;
}

export const span = (words: readonly Word[]) => ({
  x0: Math.min(...words.map((w) => w.x0)), x1: Math.max(...words.map((w) => w.x1)),
  y0: Math.min(...words.map((w) => w.y0)), y1: Math.max(...words.map((w) => w.y1)),
});
export const textOf = (words: readonly Word[]) => words.map((w) => w.text).join(' ');
