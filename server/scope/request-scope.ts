// The caller and what they may see, read once per request: the gate (server/auth/gate.ts) puts it
// on every /api request as `request.scope`, and handlers ask it rather than the database.
import type { FastifyRequest } from 'fastify';
import { caller } from '../auth/authenticate.ts';
import { unauthorized } from '../http/errors.ts';
import type { CallerFacts, ScopeRepository, ScopeUser } from '../repositories/scope.ts';
import { scopeOf, VIEW_AS_HEADER, type Scope } from './visible-merchants.ts';

export interface RequestScope {
  /** The session's user (View As aside); 401 on a public route, where nobody need be logged in. */
  caller(): Promise<ScopeUser>;
  /** What the caller sees in their active house, View As applied; 403 without a house to act for. */
  visible(): Promise<Scope>;
  /** The same on the caller's own authority, View As ignored (User Management). */
  visibleToCaller(): Promise<Scope>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the gate on every /api request; each part is computed on first use, then kept. */
    scope: RequestScope;
  }
}

/** Runs `compute` on the first call only; later calls share its promise (and its refusal). */
const once = <T>(compute: () => Promise<T>): (() => Promise<T>) => {
  let result: Promise<T> | undefined;
  return () => (result ??= compute());
};

export function requestScope(repo: ScopeRepository, request: FastifyRequest): RequestScope {
  // One query for the caller, their family and their locations: everything a scope needs
  // (authenticate() has read them with the session; else they are read here).
  const facts = once(async (): Promise<CallerFacts> => {
    const found = request.callerFacts ?? (await repo.userInActiveHouse(caller(request).userId));
    if (!found) throw unauthorized();
    return found;
  });
  return {
    caller: once(async () => (await facts()).user),
    visible: once(async () => scopeOf(repo, await facts(), request.headers[VIEW_AS_HEADER])),
    visibleToCaller: once(async () => scopeOf(repo, await facts(), undefined, true)),
  };
}
