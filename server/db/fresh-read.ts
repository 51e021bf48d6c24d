import { outsideRequestTransaction } from './request-transaction.ts';

/**
 * One read at a time shared by every caller, never an old one: a caller shares the next read
 * that starts after it asked, not one already under way (that one may have missed a write
 * committed just before the caller asked). Under load the data version is read once for all the
 * requests that arrived meanwhile, instead of once each. Never in one request's transaction.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<unknown> = Promise.resolve();
  let next: Promise<T> | null = null;
  return () => {
    if (next) return next;
    const start = () => {
      next = null; // from now on, callers need a read that starts after this one
      return outsideRequestTransaction(read);
    };
    const mine = running.then(start, start);
    next = mine;
    running = mine;
    return mine;
  };
}
