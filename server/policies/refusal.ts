// The policies (server/policies/*-policy.ts) decide who may do what to which row; a handler asks
// one by name and enforces its answer. Route files throw no 403 of their own (policies.test.ts).
import { type HttpError } from '../http/errors.ts';

/** A policy's answer: null when allowed, else the error to answer with (403, or 404 where existence is not hidden). */
export type Refusal = HttpError | null;

export function enforce(refusal: Refusal): void {
  if (refusal) throw refusal;
}
