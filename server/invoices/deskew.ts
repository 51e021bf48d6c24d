// How far a page is turned, from its print alone (a projection profile): text lines are dark rows
// with light gaps between them, and the rows are sharpest (the profile of ink per row varies most)
// when they are counted along the angle the lines really run at. Tesseract's own deskew missed
// turns of 2–3° on photographed tables, whose rows then merged into each other.

/** The largest turn looked for, in degrees either way. */
const MAX_ANGLE = 5;
/** Pixels darker than this are ink. */
const INK = 128;
/** Every second pixel each way is counted: as sharp an answer at a quarter of the work. */
const STEP = 2;

/** Ink pixels of a grey page, every `step`-th pixel each way, as coordinates. */
function inkOf(grey: Uint8Array, width: number, height: number, step: number): { xs: Int32Array; ys: Int32Array } {
  const xs: number[] = [], ys: number[] = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (grey[y * width + x]! < INK) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs: Int32Array.from(xs), ys: Int32Array.from(ys) };
}

/** How sharp the rows are when counted along lines of slope tan(degrees): the sum of squared row counts. */
function sharpness(xs: Int32Array, ys: Int32Array, height: number, width: number, degrees: number): number {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const shift = Math.ceil(Math.abs(slope) * width);
  // Rows as tall as the sampling step: with one-pixel rows, a level count would fill only every
  // second row and look twice as sharp as any turned one.
  const rows = new Float64Array(Math.ceil((height + 2 * shift) / STEP) + 1);
  for (let i = 0; i < xs.length; i++) rows[Math.round((ys[i]! - xs[i]! * slope + shift) / STEP)]! += 1;
  let sum = 0;
  for (const r of rows) sum += r * r;
  return sum;
}

/** The best angle between `from` and `to` in steps of `by`. */
function best(xs: Int32Array, ys: Int32Array, height: number, width: number, from: number, to: number, by: number): number {
  let angle = 0, top = -1;
  for (let a = from; a <= to + 1e-9; a += by) {
    const s = sharpness(xs, ys, height, width, a);
    if (s > top) [angle, top] = [a, s];
  }
  return angle;
}

/**
 * The angle (degrees, positive when the lines run down to the right) at which the print of a grey
 * page runs: coarsely over ±5° on every second pixel, then to 0.05° around the best.
 */
export function skewOf(grey: Uint8Array, width: number, height: number): number {
  const { xs, ys } = inkOf(grey, width, height, STEP);
  if (xs.length < 200) return 0;
  const coarse = best(xs, ys, height, width, -MAX_ANGLE, MAX_ANGLE, 0.5);
  const fine = best(xs, ys, height, width, coarse - 0.5, coarse + 0.5, 0.05);
  return Math.round(fine * 100) / 100;
}

/** How a page was turned before it was read: by `degrees` (see skewOf), from a page of width × height. */
export type Turn = { degrees: number; width: number; height: number };

/**
 * A point of the turned page (turnedWidth × turnedHeight: turning enlarges the canvas) where it
 * lies on the page as it was uploaded, so a line's box can be drawn on the uploaded image.
 */
export function unturnedPoint(x: number, y: number, turn: Turn, turnedWidth: number, turnedHeight: number): { x: number; y: number } {
  const a = (turn.degrees * Math.PI) / 180;
  const dx = x - turnedWidth / 2, dy = y - turnedHeight / 2;
  return { x: dx * Math.cos(a) - dy * Math.sin(a) + turn.width / 2, y: dx * Math.sin(a) + dy * Math.cos(a) + turn.height / 2 };
}
