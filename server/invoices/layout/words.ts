// The words tesseract read on a page, with their boxes in pixels, grouped into the rows it found
// (page segmentation mode 4 keeps a table row on one row). The layout reader works on these.
import type { Page as TesseractPage } from 'tesseract.js';

export type Word = { text: string; x0: number; y0: number; x1: number; y1: number };
export type Row = { words: Word[]; y0: number; y1: number; text: string };
export type PageWords = { width: number; height: number; rows: Row[] };

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

export function pageWords(page: Pick<TesseractPage, 'blocks'>, width: number, height: number): PageWords {
  const rows: Row[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words
          .map((w) => ({ text: w.text.trim(), ...w.bbox }))
          .filter((w) => w.text !== '' && !RULE.test(w.text));
        if (words.length > 0) rows.push(rowOf(words));
      }
    }
  }
  rows.sort((a, b) => a.y0 - b.y0);
  return { width, height, rows };
}

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
