// Exact decimal sums in doubles, for the dashboard's in-memory indexes: a figure is held as its
// whole part and its fraction in units of 10^-scale (the figure's largest number of decimals),
// both integers, and the two are summed apart. Doubles add integers exactly below 2^53, which the
// loaders check before indexing. Each is kept in 16 bits where the data lets it (`intColumn`).

/** whole + part / 10^scale, with 0 ≤ part < 10^scale once normalised. */
export interface Exact { whole: number; part: number }

export const ZERO: Exact = { whole: 0, part: 0 };

/** Below this, doubles hold and add integers exactly. */
export const EXACT_BELOW = 2 ** 53;
/** A row's whole part and fraction are kept in at most 32 bits. */
export const INT32_BELOW = 2 ** 31;

/** A column of integers of magnitude below `bound`: 16 bits when they fit, else 32. */
export const intColumn = (length: number, bound: number): Int16Array | Int32Array =>
  bound <= 32_768 ? new Int16Array(length) : new Int32Array(length);

/** A column of ids from 0 below `bound` (days from a first day, item slots, sellers): 16 bits unsigned when they fit, else 32. */
export const idColumn = (length: number, bound: number): Uint16Array | Int32Array =>
  bound <= 65_536 ? new Uint16Array(length) : new Int32Array(length);

/** What SQL says of one figure's rows (a house's, a table's), to know whether they can be held exactly. */
export interface FigureStats {
  /** The largest number of decimals. */
  scale: number;
  /** The largest magnitude and the sum of the magnitudes, as decimal texts. */
  largest: string;
  total: string;
}

/** SQL for a figure's FigureStats, named `<name>_scale`, `<name>_largest`, `<name>_total`. */
export const figureStatsSql = (figure: string, name = figure) =>
  `coalesce(max(min_scale(${figure})), 0) as ${name}_scale, coalesce(max(abs(${figure})), 0)::text as ${name}_largest, coalesce(sum(abs(${figure})), 0)::text as ${name}_total`;

/** The FigureStats named `name` of a row of figureStatsSql. */
export const figureStats = (row: Record<string, unknown>, name: string): FigureStats =>
  ({ scale: Number(row[`${name}_scale`]), largest: String(row[`${name}_largest`]), total: String(row[`${name}_total`]) });

/**
 * Whether `rows` rows of a figure can be held exactly: each whole part below 2^31, their
 * magnitudes' sum below 2^53 (checked on the decimal text, with a margin); the fractions below
 * 10^scale each, so their sum below rows × 10^scale.
 */
export const holdsExactly = ({ scale, largest, total }: FigureStats, rows: number) =>
  10 ** scale < INT32_BELOW && Number(largest) + 1 < INT32_BELOW && rows * 10 ** scale < EXACT_BELOW && Number(total) + rows < EXACT_BELOW;

/** The two columns (whole part, fraction) that hold `length` rows of a figure of these stats. */
export const figureColumns = ({ scale, largest }: FigureStats, length: number): [Int16Array | Int32Array, Int16Array | Int32Array] =>
  [intColumn(length, Math.floor(Number(largest)) + 1), intColumn(length, 10 ** scale)];

export function exactDecimals(scale: number) {
  const unit = 10 ** scale;
  const normalised = (whole: number, part: number): Exact => {
    const carry = Math.floor(part / unit);
    return { whole: whole + carry, part: part - carry * unit };
  };
  const digits = (part: number) => String(part).padStart(scale, '0');
  return {
    normalised,
    add: (a: Exact, b: Exact) => normalised(a.whole + b.whole, a.part + b.part),
    compare: (a: Exact, b: Exact) => a.whole - b.whole || a.part - b.part,
    /**
     * The double of the decimal's text, which is what pg gives for a numeric. When the value in
     * units of 10^-scale is an integer below 2^53, dividing it by 10^scale (exact below 10^22)
     * rounds once, to that same double; larger values go through the text.
     */
    toNumber: ({ whole, part }: Exact) => {
      if (Math.abs(whole) * unit < EXACT_BELOW - unit && unit <= 1e22) return (whole * unit + part) / unit;
      return whole >= 0 ? Number(`${whole}.${digits(part)}`) : -Number(`${-whole - 1}.${digits(unit - part)}`);
    },
  };
}

/** SQL splitting a numeric into its whole part and its fraction × 10^scale, both int8 (exact when it has at most `scale` decimals). */
export const splitDecimal = (figure: string, scale: number) =>
  `trunc(${figure})::int8, ((${figure} - trunc(${figure})) * 1${'0'.repeat(scale)})::int8`;

/**
 * Parses COPY's text format of rows of integers (tab-separated, a newline ends a row), calling
 * `row` with the values of each (the array is reused). Byte by byte: millions of rows a second.
 */
export function integerRows(fields: number, row: (values: number[]) => void) {
  const values = new Array<number>(fields).fill(0);
  let [field, value, negative] = [0, 0, false];
  return (chunk: Buffer) => {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
      else if (c === 45) negative = true;
      else {
        values[field++] = negative ? -value : value;
        [value, negative] = [0, false];
        if (c === 10) (row(values), (field = 0));
      }
    }
  };
}
