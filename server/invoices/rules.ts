// Table rules (the lines between rows and columns) taken off a level page before it is read: a rule
// that touches the print under it made tesseract merge two rows or read a code as "Bh©". No
// letter at 300 dpi has a straight stroke this long, so only rules and underlines go; a dark band
// (a shaded heading with white letters in it) is thicker than any rule and stays.

/** A dark run at least this long (pixels at 2,400 px a page width, about 1/16 in) is a rule... */
const MIN_RULE = 150;
/** ...when it is at most this thick. */
const MAX_THICKNESS = 12;
const DARK = 210;

/**
 * Marks in `mask` the dark runs of MIN_RULE or more along one direction: `lines` lines of `length`
 * pixels, pixel k of line j at grey[j * across + k * along].
 */
function markRuns(grey: Uint8Array, mask: Uint8Array, lines: number, length: number, across: number, along: number): void {
  for (let j = 0; j < lines; j++) {
    let run = 0;
    for (let k = 0; k <= length; k++) {
      if (k < length && grey[j * across + k * along]! < DARK) run++;
      else {
        if (run >= MIN_RULE) for (let r = k - run; r < k; r++) mask[j * across + r * along] = 1;
        run = 0;
      }
    }
  }
}

/** Unmarks stretches of `mask` thicker than MAX_THICKNESS across the runs (bands, not rules). */
function dropThick(mask: Uint8Array, lines: number, length: number, across: number, along: number): void {
  for (let j = 0; j < lines; j++) {
    let run = 0;
    for (let k = 0; k <= length; k++) {
      if (k < length && mask[j * across + k * along]) run++;
      else {
        if (run > MAX_THICKNESS) for (let r = k - run; r < k; r++) mask[j * across + r * along] = 0;
        run = 0;
      }
    }
  }
}

/** Whitens every straight dark run of MIN_RULE pixels or more and MAX_THICKNESS or less, along rows and columns. */
export function removeRules(grey: Uint8Array, width: number, height: number): void {
  const rows = new Uint8Array(grey.length), columns = new Uint8Array(grey.length);
  markRuns(grey, rows, height, width, width, 1);
  dropThick(rows, width, height, 1, width);
  markRuns(grey, columns, width, height, 1, width);
  dropThick(columns, height, width, width, 1);
  for (let i = 0; i < grey.length; i++) if (rows[i] || columns[i]) grey[i] = 255;
}
