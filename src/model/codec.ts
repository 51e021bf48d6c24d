import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';

/** The outcome of checking a value against a codec: the typed value, or readable errors. */
export type Decoded<A> = { ok: true; value: A } | { ok: false; errors: string[] };

export function decode<A, O>(codec: t.Type<A, O, unknown>, input: unknown): Decoded<A> {
  const result = codec.decode(input);
  if (isLeft(result)) return { ok: false, errors: result.left.map(describe) };
  return { ok: true, value: result.right };
}

/** A string matching a pattern, named for error messages. */
export function pattern(name: string, re: RegExp): t.Type<string, string, unknown> {
  return new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && re.test(u),
    (u, c) => (typeof u === 'string' && re.test(u) ? t.success(u) : t.failure(u, c, mustBe(u, name))),
    t.identity,
  );
}

/** A string whose length lies within bounds. */
export function boundedString(name: string, min: number, max = Number.MAX_SAFE_INTEGER): t.Type<string, string, unknown> {
  return new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && u.length >= min && u.length <= max,
    (u, c) =>
      typeof u === 'string' && u.length >= min && u.length <= max
        ? t.success(u)
        : t.failure(u, c, mustBe(u, name)),
    t.identity,
  );
}

const mustBe = (u: unknown, name: string) => (u === undefined || u === '' ? 'is required' : `must be ${name}`);

// Deliberately loose on the top-level domain, as the spec says for invites; surrounding spaces are trimmed.
const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;
export const Email = new t.Type<string, string, unknown>(
  'a valid email address',
  (u): u is string => typeof u === 'string' && EMAIL_RE.test(u),
  (u, c) => {
    const trimmed = typeof u === 'string' ? u.trim() : u;
    return typeof trimmed === 'string' && EMAIL_RE.test(trimmed)
      ? t.success(trimmed)
      : t.failure(u, c, mustBe(trimmed, 'a valid email address'));
  },
  t.identity,
);

/** One readable line per error: the field path, then what it must be. */
function describe(error: t.ValidationError): string {
  const keys = error.context.map((c) => c.key).filter((k) => k !== '');
  const last = error.context[error.context.length - 1];
  const field = keys.length > 0 ? keys.join('.') : 'body';
  if (error.message) return `${field} ${error.message}`;
  if (error.value === undefined) return `${field} is required`;
  return `${field} must be ${last?.type.name ?? 'valid'}`;
}
