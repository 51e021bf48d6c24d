/** A table's sort: one column, one direction. */
export interface ColumnSort<C extends string> { column: C; descending: boolean }

/**
 * The spec's sort rule (§4): clicking the sorted column flips it; another column starts
 * descending (largest first), except the text columns named in `ascendingFirst`, whose first
 * click is reversed to A→Z, the order people read names in.
 */
export function nextColumnSort<C extends string>(current: ColumnSort<C>, column: C, ascendingFirst: readonly C[]): ColumnSort<C> {
  if (current.column === column) return { column, descending: !current.descending };
  return { column, descending: !ascendingFirst.includes(column) };
}

/** Rows sorted by a column (numbers numerically, the rest as text), ties in the order given. */
export function sortRows<T, C extends string>(rows: readonly T[], sort: ColumnSort<C>, value: (row: T, column: C) => unknown): T[] {
  const sign = sort.descending ? -1 : 1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = value(a.row, sort.column);
      const y = value(b.row, sort.column);
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''));
      return sign * order || a.i - b.i;
    })
    .map(({ row }) => row);
}
