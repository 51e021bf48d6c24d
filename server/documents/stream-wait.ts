// Waiting for the first of several events without leaving listeners behind (events.once in a
// Promise.race leaves the losers' listeners on the emitter: one more per page of a long document).
import type { EventEmitter } from 'node:events';

export function firstOf(emitter: EventEmitter, events: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) emitter.off(event, done);
      resolve();
    };
    for (const event of events) emitter.on(event, done);
  });
}
