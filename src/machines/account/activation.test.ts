import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { callDouble } from '../testing/call-double.ts';
import { shortestPaths } from '../../../tests/paths/machine-paths.ts';
import { ACTIVATED_MESSAGE, type MessageResponse } from '../../model/account.ts';
import { ApiError } from '../../services/api-client.ts';
import { SAMPLE_TOKEN } from './account-samples.ts';
import { activationMachine } from './activation.ts';
import { MACHINES } from '../registry.ts';

const entry = MACHINES.find((m) => m.name === 'activation')!;

function start(activate: (token: string, signal: AbortSignal) => Promise<MessageResponse>) {
  const machine = activationMachine.provide({
    actors: { activate: callDouble<MessageResponse, string>((input, signal) => activate(input, signal)) },
  });
  return createActor(machine, { input: { token: SAMPLE_TOKEN } }).start();
}

describe('activation, model-based', () => {
  it('reaches activating, activated and failed', () => {
    const reached = new Set(shortestPaths(entry).flatMap((p) => ['activating', ...p.states.map(String)]));
    expect([...reached].sort()).toEqual(['activated', 'activating', 'failed']);
  });

  for (const path of shortestPaths(entry).filter((p) => p.events.length > 0)) {
    it(`replays ${path.events.map((e) => e.type).join(', ')} → ${path.key}`, async () => {
      const [event] = path.events;
      const tokens: string[] = [];
      const actor = start(async (token) => {
        tokens.push(token);
        if (event!.type.startsWith('xstate.done')) return event!.output;
        throw event!.error;
      });
      await waitFor(actor, (s) => s.status === 'done');
      expect(actor.getSnapshot().value).toBe(path.states.at(-1));
      // The call ran once, with the link's token, as soon as the screen opened.
      expect(tokens).toEqual([SAMPLE_TOKEN]);
      const expected = event!.type.startsWith('xstate.done') ? ACTIVATED_MESSAGE : (event!.error as Error).message;
      expect(actor.getSnapshot().context.message).toBe(expected);
    });
  }
});

describe('activation, behaviour', () => {
  it("says 'Something went wrong' when the failure has no message", async () => {
    const actor = start(() => Promise.reject(new TypeError('boom')));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Something went wrong');
  });

  it('shows the server message of a used link', async () => {
    const actor = start(() => Promise.reject(new ApiError(410, 'This activation link has expired or was already used.')));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('This activation link has expired or was already used.');
  });
});
