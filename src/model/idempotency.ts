// Idempotency keys (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): the client sends
// one random key per user action with every write, the same on each retry, and the server applies
// a write whose key it has already seen for that caller only once (server/http/idempotency.ts).

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer the server replays from its record of the first one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1–255 printable ASCII characters (a UUID is what the portal sends). */
export const VALID_IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
export const BAD_IDEMPOTENCY_KEY = 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
export const STILL_PROCESSING = 'This request is still being processed. Please try again in a moment.';

/**
 * A new random key (UUID v4). `crypto.randomUUID` exists only in secure contexts (HTTPS,
 * localhost); a portal served over plain HTTP builds the same from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
