import type * as t from 'io-ts';
import { decodeRequest } from '../../src/model/codec.ts';
import { badRequest } from './errors.ts';

/** Checks request input against its codec before anything else runs; bad input is a 400. */
export function validate<A, O>(codec: t.Type<A, O, unknown>, input: unknown, what = 'request'): A {
  const result = decodeRequest(codec, input);
  if (!result.ok) throw badRequest(`Invalid ${what}: ${result.errors.join('; ')}`, result.errors);
  return result.value;
}
