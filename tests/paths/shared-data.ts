import { createHash } from 'node:crypto';

/**
 * Data too large to repeat in every step that sends it (a house's 600 merchants, an Intel batch):
 * a machine's JSON holds each such value once, under `data`, and a step names it as
 * `{ "$data": "merchants-1a2b3c4d" }` (the field's name and a hash of the value, so the same value
 * is always the same name). A tool outside the repo puts `data[name]` back in its place.
 */

/** Values whose JSON is longer than this are shared. */
export const SHARED_FROM_CHARS = 2_000;

export type SharedData = ReturnType<typeof sharedData>;

export function sharedData() {
  const values = new Map<string, unknown>();
  const share = (value: unknown, field: string): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const json = JSON.stringify(value);
    if (json.length > SHARED_FROM_CHARS) {
      const name = `${field}-${createHash('sha256').update(json).digest('hex').slice(0, 8)}`;
      values.set(name, value);
      return { $data: name };
    }
    return Array.isArray(value) ? value : fieldsOf(value as Record<string, unknown>);
  };
  /** An event's or an input's fields, each shared when large (never the event itself: its type stays). */
  const fieldsOf = (record: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, share(value, key)]));
  return {
    fieldsOf: (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? fieldsOf(value as Record<string, unknown>) : share(value, 'value')),
    /** Every value shared so far, by name, in name order. */
    data: () => Object.fromEntries([...values].sort(([a], [b]) => a.localeCompare(b))),
  };
}
