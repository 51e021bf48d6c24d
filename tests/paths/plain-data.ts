/**
 * Events and inputs as plain JSON, so a tool outside the repo can send them: an error keeps its
 * name, message and own fields (`ApiError`'s status), which `JSON.stringify` would drop; keys are
 * sorted, so the same data always reads (and hashes) the same. A service object (all methods, such
 * as the session store a variant starts with) is described by what its getters return
 * (`"getUser()": {...}`): that is what it holds.
 */

export function plainData(value: unknown, seen: Set<unknown> = new Set()): unknown {
  if (value === undefined || value === null) return value ?? null;
  // Not its name: a bundler or test runner may rename it, and the ids must not change with that.
  if (typeof value === 'function') return '[function]';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return value;
  if (value instanceof Date) return value.toJSON();
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => plainData(v, seen));
    // An actor passed in an input is known by its id; its internals are not data.
    if ('send' in value && typeof (value as { send: unknown }).send === 'function') return `[actor ${String((value as { id?: unknown }).id)}]`;
    const entries = Object.entries(value);
    if (entries.length && entries.every(([, v]) => typeof v === 'function')) {
      const getters = entries.filter(([k, v]) => /^get[A-Z]/.test(k) && (v as () => unknown).length === 0).sort(([a], [b]) => a.localeCompare(b));
      return Object.fromEntries(getters.map(([k, v]) => [`${k}()`, plainData((v as () => unknown).call(value), seen)]));
    }
    const record: Record<string, unknown> = value instanceof Error ? { name: value.name, message: value.message } : {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) record[key] = plainData(v, seen);
    }
    return record;
  } finally {
    seen.delete(value);
  }
}
