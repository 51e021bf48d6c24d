import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { callDouble } from '../testing/call-double.ts';
import { shortestPaths } from '../../../tests/paths/machine-paths.ts';
import { ACTIVATED_MESSAGE, CONFIRMED_AWAITING_APPROVAL, CONFIRMED_BUT_DECLINED, type MessageResponse } from '../../model/account.ts';
import { selectLinkView, selectOffersLogin } from './selectors.ts';
import { ApiError } from '../../services/api-client.ts';
import { SAMPLE_TOKEN } from './account-samples.ts';
import { activationMachine, type ActivationEvent } from './activation.ts';
import { MACHINES } from '../registry.ts';

const entry = MACHINES.find((m) => m.name === 'activation')!;

function start(activate: (token: string, signal: AbortSignal) => Promise<MessageResponse>) {
  const machine = activationMachine.provide({
    actors: { activate: callDouble<MessageResponse, string>((input, signal) => activate(input, signal)) },
  });
  return createActor(machine, { input: { token: SAMPLE_TOKEN } }).start();
}

describe('activation, model-based', () => {
  it('reaches ready, activating, activated and failed', () => {
    const reached = new Set(shortestPaths(entry).flatMap((p) => ['ready', ...p.states.map(String)]));
    expect([...reached].sort()).toEqual(['activated', 'activating', 'failed', 'ready']);
  });

  for (const path of shortestPaths(entry).filter((p) => p.events.length > 0)) {
    it(`replays ${path.events.map((e) => e.type).join(', ')} → ${path.key}`, async () => {
      const outcome = path.events.find((e) => e.type.startsWith('xstate.'));
      const tokens: string[] = [];
      const actor = start(async (token) => {
        tokens.push(token);
        if (outcome!.type.startsWith('xstate.done')) return outcome!.output;
        throw outcome!.error;
      });
      for (const event of path.events) if (!event.type.startsWith('xstate.')) actor.send(event as ActivationEvent);
      if (!outcome) {
        expect(actor.getSnapshot().value).toBe(path.states.at(-1));
        return;
      }
      await waitFor(actor, (s) => s.status === 'done');
      expect(actor.getSnapshot().value).toBe(path.states.at(-1));
      // The call ran once, with the link's token, after the button.
      expect(tokens).toEqual([SAMPLE_TOKEN]);
      const expected = outcome.type.startsWith('xstate.done') ? ACTIVATED_MESSAGE : (outcome.error as Error).message;
      expect(actor.getSnapshot().context.message).toBe(expected);
    });
  }
});

describe('activation, behaviour', () => {
  it('opening the link calls nothing until the button is pressed, and a second press calls nothing more', async () => {
    let release: (m: MessageResponse) => void = () => {};
    const tokens: string[] = [];
    const actor = start((token) => {
      tokens.push(token);
      return new Promise((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([actor.getSnapshot().value, tokens]).toEqual(['ready', []]);
    actor.send({ type: 'link.confirmed' });
    actor.send({ type: 'link.confirmed' });
    expect(actor.getSnapshot().value).toBe('activating');
    release({ message: ACTIVATED_MESSAGE });
    await waitFor(actor, (s) => s.matches('activated'));
    expect(tokens).toEqual([SAMPLE_TOKEN]);
  });

  it('offers Login after activation only when login will work, not while a leader has to approve (issue 39)', async () => {
    const approved = start(async () => ({ message: ACTIVATED_MESSAGE }));
    expect(selectOffersLogin(approved.getSnapshot())).toBe(false);
    approved.send({ type: 'link.confirmed' });
    await waitFor(approved, (s) => s.matches('activated'));
    expect(selectOffersLogin(approved.getSnapshot())).toBe(true);
    const waiting = start(async () => ({ message: CONFIRMED_AWAITING_APPROVAL }));
    waiting.send({ type: 'link.confirmed' });
    await waitFor(waiting, (s) => s.matches('activated'));
    expect([waiting.getSnapshot().context.message, selectOffersLogin(waiting.getSnapshot())]).toEqual([CONFIRMED_AWAITING_APPROVAL, false]);
    // A request declined before its email was confirmed, or any answer but the spec's 'Please Login'.
    for (const message of [CONFIRMED_BUT_DECLINED, 'This account has been deactivated. Ask your administrator for access.']) {
      const refused = start(async () => ({ message }));
      refused.send({ type: 'link.confirmed' });
      await waitFor(refused, (s) => s.matches('activated'));
      expect([selectLinkView(refused.getSnapshot()).message, selectOffersLogin(refused.getSnapshot())]).toEqual([message, false]);
    }
    const failed = start(() => Promise.reject(new ApiError(410, 'gone')));
    failed.send({ type: 'link.confirmed' });
    await waitFor(failed, (s) => s.matches('failed'));
    expect(selectOffersLogin(failed.getSnapshot())).toBe(false);
  });

  it("says 'Something went wrong' when the failure has no message", async () => {
    const actor = start(() => Promise.reject(new TypeError('boom')));
    actor.send({ type: 'link.confirmed' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Something went wrong');
  });

  it('shows the server message of a used link', async () => {
    const actor = start(() => Promise.reject(new ApiError(410, 'This activation link has expired or was already used.')));
    actor.send({ type: 'link.confirmed' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('This activation link has expired or was already used.');
    expect(actor.getSnapshot().context.expired).toBe(true);
  });
});

describe('selectLinkView', () => {
  it('asks before the press, spins during the call, then offers Login after it worked', async () => {
    let answer!: (r: MessageResponse) => void;
    const actor = start(() => new Promise((resolve) => (answer = resolve)));
    expect(selectLinkView(actor.getSnapshot())).toMatchObject({ asks: true, busy: false, status: 'ready', expired: false, offersLogin: false });
    expect(selectLinkView(actor.getSnapshot())).toBe(selectLinkView(actor.getSnapshot()));
    actor.send({ type: 'link.confirmed' });
    expect(selectLinkView(actor.getSnapshot())).toMatchObject({ asks: true, busy: true, status: 'activating' });
    answer({ message: ACTIVATED_MESSAGE });
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectLinkView(actor.getSnapshot())).toMatchObject({ asks: false, busy: false, status: 'activated', message: ACTIVATED_MESSAGE, offersLogin: true });
  });

  it('offers Forgot Password when the link is dead', async () => {
    const actor = start(async () => {
      throw new ApiError(410, 'gone');
    });
    actor.send({ type: 'link.confirmed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectLinkView(actor.getSnapshot())).toMatchObject({ asks: false, status: 'failed', expired: true, offersLogin: false });
  });
});
