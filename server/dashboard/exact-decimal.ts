// Exact decimal sums in doubles, for the dashboard's in-memory indexes: a figure is held as its
// whole part and its fraction in units of 10^-scale, both integers, and the two are summed
// apart. Doubles add integers exactly below 2^53, which the loaders check before indexing.

/** whole + part / 10^scale, with 0 ≤ part < 10^scale once normalised. */
export interface Exact { whole: number; part: number }

export const ZERO: Exact = { whole: 0, part: 0 };

/** Below this, doubles hold and add integers exactly. */
export const EXACT_BELOW = 2 ** 53;

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
