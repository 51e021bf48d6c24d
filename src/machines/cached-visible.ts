/**
 * A list derived from rows, a search and a sort, remembered while the three stay the same (a cache,
 * not state): selectors built on it answer the same array, so a page change re-sorts nothing and
 * a view comparing by identity does not re-render.
 */
export function cachedVisible<R, S, V>(derive: (rows: readonly R[], search: string, sort: S) => V[]) {
  const cache = new WeakMap<readonly R[], { search: string; sort: S; visible: V[] }>();
  return (rows: readonly R[], search: string, sort: S): V[] => {
    const hit = cache.get(rows);
    if (hit && hit.search === search && hit.sort === sort) return hit.visible;
    const visible = derive(rows, search, sort);
    cache.set(rows, { search, sort, visible });
    return visible;
  };
}
