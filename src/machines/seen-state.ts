/**
 * A registry `serializeState` from what a user sees of the context: the state value always
 * counts, `pick` says what else does (counts and flags rather than unbounded lists, so traversal ends).
 */
export function seenState<C>(pick: (context: C) => readonly unknown[]) {
  return (s: { value?: unknown; context?: unknown }): string => JSON.stringify([s.value, ...pick(s.context as C)]);
}
