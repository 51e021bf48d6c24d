import * as t from 'io-ts';
import { finalize, interval, map } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assign, createActor, fromEventObservable, setup, waitFor } from 'xstate';
import { createApiClient } from '../services/api-client.ts';
import { startLoopbackServer, until } from '../../tests/support/loopback-server.ts';
import { fromObservableWithOutput } from './from-observable-with-output.ts';

let server: Awaited<ReturnType<typeof startLoopbackServer>>;
beforeAll(async () => void (server = await startLoopbackServer()));
afterAll(() => server.close());

const User = t.type({ id: t.number, name: t.string });

/** A screen that loads a user, can be left while loading, and watches a ticking stream while shown. */
function screenMachine(url: string, onStreamEnd: () => void) {
  const api = createApiClient({ getAuthKey: () => null, origin: server.origin });
  return setup({
    types: { context: {} as { name: string | null; failed: boolean; ticks: number }, events: {} as { type: 'left' } | { type: 'tick' } },
    actors: {
      load: fromObservableWithOutput(() => api.get(url, User)),
      ticks: fromEventObservable(() => interval(5).pipe(map(() => ({ type: 'tick' as const })), finalize(onStreamEnd))),
    },
  }).createMachine({
    context: { name: null, failed: false, ticks: 0 },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          onDone: { target: 'shown', actions: assign({ name: ({ event }) => event.output.name }) },
          onError: { target: 'left', actions: assign({ failed: true }) },
        },
        on: { left: 'left' },
      },
      shown: {
        invoke: { src: 'ticks' },
        on: { tick: { actions: assign({ ticks: ({ context }) => context.ticks + 1 }) }, left: 'left' },
      },
      left: {},
    },
  });
}

describe('machines invoke services as Observables', () => {
  it("a call's answer is the done event's output", async () => {
    const actor = createActor(screenMachine('/user', () => {})).start();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.name).toBe('Lena');
    actor.stop();
  });

  it("a call's failure is the error event", async () => {
    const actor = createActor(screenMachine('/missing', () => {})).start();
    await waitFor(actor, (s) => s.matches('left'));
    expect(actor.getSnapshot().context.failed).toBe(true);
  });

  it('leaving the state that waits for a call aborts the HTTP request on the server', async () => {
    const actor = createActor(screenMachine('/slow', () => {})).start();
    await until(() => server.seen.some((s) => s.url === '/api/slow'));
    expect(server.hungUp).toEqual([]);
    actor.send({ type: 'left' });
    await until(() => server.hungUp.length > 0);
    expect(server.hungUp).toEqual(['/api/slow']);
  });

  it('leaving the state that watches a stream unsubscribes it: no more events arrive', async () => {
    let ended = 0;
    const actor = createActor(screenMachine('/user', () => (ended += 1))).start();
    await waitFor(actor, (s) => s.context.ticks >= 2);
    actor.send({ type: 'left' });
    expect(ended).toBe(1);
    const ticks = actor.getSnapshot().context.ticks;
    await new Promise((r) => setTimeout(r, 30));
    expect(actor.getSnapshot().context.ticks).toBe(ticks);
  });
});
