import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('a database that did not answer', () => {
  it('is a lost or refused connection, a shutdown, or a node no longer primary', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:55432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('server conn crashed?'), { code: '08P01' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }),
    ]) expect(isDatabaseUnavailable(err), err.message).toBe(true);
  });

  it('is not an answer the database gave', () => {
    for (const err of [
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
      Object.assign(new Error('canceling statement due to user request'), { code: '57014' }),
      new Error('Something else'),
      null,
    ]) expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
