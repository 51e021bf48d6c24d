import type { FastifyReply } from 'fastify';
import { HttpError } from './errors.ts';
import { isQueryCancelled } from '../db/cancellable.ts';

/** Aborts when the connection closes before the answer was written: the caller went away. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Work stopped because its caller left (a query cancelled, or the abort seen before one ran):
 * 499 (nobody reads it), not a server error in the log.
 */
export const callerLeft = (err: unknown) =>
  (isQueryCancelled(err) || (err as Error | null)?.name === 'AbortError' ? new HttpError(499, 'The request was cancelled.') : err);
