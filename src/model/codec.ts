import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';

/** The outcome of checking a value against a codec: the typed value, or readable errors. */
export type Decoded<A> = { ok: true; value: A } | { ok: false; errors: string[] };

export function decode<A, O>(codec: t.Type<A, O, unknown>, input: unknown): Decoded<A> {
  const result = codec.decode(input);
  if (isLeft(result)) return { ok: false, errors: result.left.map(describe) };
  return { ok: true, value: result.right };
}

/**
 * A codec of our own, with the JSON Schema of what it accepts: the server's OpenAPI document is
 * derived from the codecs (server/http/json-schema.ts), and a `new t.Type` says nothing by itself.
 */
export const describedAs = <C extends t.Any>(codec: C, jsonSchema: Record<string, unknown>): C => Object.assign(codec, { jsonSchema });

/** The largest id a PostgreSQL `int` / `serial` holds. */
export const MAX_ID = 2_147_483_647;
const ID_MESSAGE = 'must be a positive whole number below 2147483648';

/** An id in a body: a positive 32-bit integer, as every id column is. */
export const Id = describedAs(new t.Type<number, number, unknown>(
  'an id',
  (u): u is number => Number.isInteger(u) && (u as number) > 0 && (u as number) <= MAX_ID,
  (u, c) => (Number.isInteger(u) && (u as number) > 0 && (u as number) <= MAX_ID ? t.success(u as number) : t.failure(u, c, ID_MESSAGE)),
  t.identity,
), { type: 'integer', minimum: 1, maximum: MAX_ID });

/** An id in a path or query string: digits naming a positive 32-bit integer (kept as text). */
export const IdText = describedAs(new t.Type<string, string, unknown>(
  'an id',
  (u): u is string => typeof u === 'string' && /^[1-9]\d{0,9}$/.test(u) && Number(u) <= MAX_ID,
  (u, c) => (typeof u === 'string' && /^[1-9]\d{0,9}$/.test(u) && Number(u) <= MAX_ID ? t.success(u) : t.failure(u, c, ID_MESSAGE)),
  t.identity,
), { type: 'string', pattern: '^[1-9]\\d{0,9}$', description: `an id, at most ${MAX_ID}` });

// Tab, line feed and carriage return are text (a comment may have lines); every other control
// character, NUL first, is refused before a value reaches the database.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The path of the first string (or key) holding a control character, or null. */
export function controlCharacterAt(input: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof input === 'string') return CONTROL.test(input) ? path.join('.') || 'body' : null;
  if (depth > 32 || input === null || typeof input !== 'object') return null;
  for (const [key, value] of Object.entries(input)) {
    if (CONTROL.test(key)) return [...path, JSON.stringify(key)].join('.');
    // Strings checked here, without building their path unless needed: an import checks millions.
    if (typeof value === 'string') {
      if (CONTROL.test(value)) return [...path, key].join('.');
      continue;
    }
    const found = controlCharacterAt(value, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Request input (body, query, params): no control characters anywhere, then its codec. */
export function decodeRequest<A, O>(codec: t.Type<A, O, unknown>, input: unknown): Decoded<A> {
  const at = controlCharacterAt(input);
  if (at) return { ok: false, errors: [`${at} must not contain control characters`] };
  return decode(codec, input);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
function isRealDay(s: string): boolean {
  const day = ISO_DAY.test(s) ? new Date(`${s}T00:00:00Z`) : null;
  return day !== null && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s;
}

/** A YYYY-MM-DD day that exists in the calendar and lies within [from, to]: date arithmetic stays sane. */
export function calendarDate(from: string, to: string): t.Type<string, string, unknown> {
  const ok = (u: unknown): u is string => typeof u === 'string' && isRealDay(u) && u >= from && u <= to;
  return describedAs(new t.Type<string, string, unknown>(
    'a date as YYYY-MM-DD',
    ok,
    (u, c) => (ok(u) ? t.success(u) : t.failure(u, c, u === undefined || u === '' ? 'is required' : `must be a date between ${from} and ${to} as YYYY-MM-DD`)),
    t.identity,
  ), { type: 'string', format: 'date', description: `a day between ${from} and ${to}` });
}

/** A string matching a pattern, named for error messages. */
export function pattern(name: string, re: RegExp): t.Type<string, string, unknown> {
  return describedAs(new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && re.test(u),
    (u, c) => (typeof u === 'string' && re.test(u) ? t.success(u) : t.failure(u, c, mustBe(u, name))),
    t.identity,
  ), { type: 'string', pattern: re.source, description: name });
}

/** A string whose length lies within bounds. */
export function boundedString(name: string, min: number, max = Number.MAX_SAFE_INTEGER): t.Type<string, string, unknown> {
  return describedAs(new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && u.length >= min && u.length <= max,
    (u, c) =>
      typeof u === 'string' && u.length >= min && u.length <= max
        ? t.success(u)
        : t.failure(u, c, mustBe(u, name)),
    t.identity,
  ), { type: 'string', minLength: min, ...(max < Number.MAX_SAFE_INTEGER ? { maxLength: max } : {}), description: name });
}

const mustBe = (u: unknown, name: string) => (u === undefined || u === '' ? 'is required' : `must be ${name}`);

// Deliberately loose on the top-level domain, as the spec says for invites; surrounding spaces are trimmed.
const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;
/** RFC 5321's longest deliverable address: anything longer is refused before it reaches an index. */
export const MAX_EMAIL_LENGTH = 254;
const isEmail = (u: unknown): u is string => typeof u === 'string' && u.length <= MAX_EMAIL_LENGTH && EMAIL_RE.test(u);
export const Email = describedAs(new t.Type<string, string, unknown>(
  'a valid email address',
  isEmail,
  (u, c) => {
    const trimmed = typeof u === 'string' ? u.trim() : u;
    if (isEmail(trimmed)) return t.success(trimmed);
    const tooLong = typeof trimmed === 'string' && trimmed.length > MAX_EMAIL_LENGTH;
    return t.failure(u, c, tooLong ? `must be at most ${MAX_EMAIL_LENGTH} characters` : mustBe(trimmed, 'a valid email address'));
  },
  t.identity,
), { type: 'string', format: 'email', maxLength: MAX_EMAIL_LENGTH });

/** The name of an uploaded file, as a form names it (control characters are refused with all request input). */
export const UploadFileName = t.type({ filename: boundedString('a file name of 1 to 200 characters', 1, 200) });

/** One readable line per error: the field path, then what it must be. */
function describe(error: t.ValidationError): string {
  const keys = error.context.map((c) => c.key).filter((k) => k !== '');
  const last = error.context[error.context.length - 1];
  const field = keys.length > 0 ? keys.join('.') : 'body';
  if (error.message) return `${field} ${error.message}`;
  if (error.value === undefined) return `${field} is required`;
  return `${field} must be ${last?.type.name ?? 'valid'}`;
}
