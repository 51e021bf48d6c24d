import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, createMachine, waitFor, type AnyEventObject } from 'xstate';
import { callDouble } from '../testing/call-double.ts';
import type { LoginPayload, LoginResponse } from '../../model/auth.ts';
import type { PendingUser, UserRow } from '../../model/account.ts';
import { memoryPageStore } from '../../services/page-store.ts';
import { memoryBacking, createSessionStore } from '../../services/storage.ts';
import { pendingUsersMachine } from '../user-management/pending-users.ts';
import { userListMachine } from '../user-management/user-list.ts';
import { sampleUserRow } from '../user-management/user-management-samples.ts';
import { appMachine } from './app.ts';
import { joinAppSystem } from '../testing/join-app-system.ts';
import { loginFormMachine } from './login-form.ts';
import { noticesMachine } from './notices.ts';
import { distributorUser, loginAs } from './samples.ts';

/** An actor registered under `systemId` that records what it is sent. */
function recorder(systemId: string) {
  const got: AnyEventObject[] = [];
  const actor = createActor(createMachine({ on: { '*': { actions: ({ event }) => void got.push(event) } } }), { systemId }).start();
  return { actor, got };
}

const applicant: PendingUser = { id: 9, contactName: 'Pat Applicant', email: 'pat@harbor.test', house: 'Harbor Foods Portland', requestedAt: '2026-01-02', emailConfirmed: true };

describe('the app actor', () => {
  it('holds auth, spinner and notices under their system ids before it starts', () => {
    const app = createActor(appMachine, { input: { store: createSessionStore(memoryBacking()), pages: memoryPageStore(), api: { setHeaderProvider: () => {} } } });
    for (const id of ['auth', 'spinner', 'notices', 'session'] as const) expect(app.system.get(id)).toBe(app.getSnapshot().context[id]);
  });
});

describe('page machines reach the app-wide actors by system id', () => {
  it('a successful login goes to the auth actor', async () => {
    const auth = recorder('auth');
    const form = createActor(loginFormMachine.provide({ actors: { login: callDouble<LoginResponse, LoginPayload>(async () => loginAs(distributorUser)) } }));
    joinAppSystem(auth.actor, form);
    form.start();
    form.send({ type: 'login.emailChanged', value: 'leader@harbor.test' });
    form.send({ type: 'login.passwordChanged', value: 'portal-demo' });
    form.send({ type: 'login.submitted' });
    await waitFor(form, (s) => s.matches('success'));
    expect(auth.got.filter((e) => e.type === 'auth.loggedIn')).toEqual([{ type: 'auth.loggedIn', response: loginAs(distributorUser) }]);
  });

  function usersPage(approves: boolean) {
    const clock = new SimulatedClock();
    const notices = createActor(noticesMachine, { systemId: 'notices', clock }).start();
    let loads = 0;
    const list = createActor(
      userListMachine.provide({
        actors: {
          loadUsers: callDouble<UserRow[]>(async () => (loads++, [sampleUserRow()])),
          pending: pendingUsersMachine.provide({
            actors: {
              loadPending: callDouble<PendingUser[]>(async () => [applicant]),
              decide: callDouble<{ message: string }, { id: number; decision: 'approve' | 'reject' }>(async () => ({ message: 'Pat Applicant can now sign in.' })),
            },
          }),
        },
      }),
      { input: { siteUrl: 'http://127.0.0.1:8080', approves } },
    );
    joinAppSystem(notices, list);
    list.start();
    return { notices, list, clock, loads: () => loads };
  }

  it('the users table holds the invite modal and edit drawer, and the Pending section only for approvers', () => {
    const approver = usersPage(true).list.getSnapshot().children;
    expect(Object.keys(approver).sort()).toEqual(['edit', 'invite', 'loadUsers', 'pending']);
    expect(usersPage(false).list.getSnapshot().children.pending).toBeUndefined();
  });

  it('a decided sign-up reloads the users table and shows a success notice, gone after 5 seconds', async () => {
    const { notices, list, clock, loads } = usersPage(true);
    const pending = list.getSnapshot().children.pending!;
    await waitFor(pending, (s) => s.matches('loaded'));
    await waitFor(list, (s) => s.matches('loaded'));
    pending.send({ type: 'pending.approve', id: applicant.id });
    await waitFor(notices, (s) => s.context.notices.length === 1);
    const [shown] = notices.getSnapshot().context.notices;
    expect(shown).toMatchObject({ kind: 'success', title: 'Done', message: 'Pat Applicant can now sign in.' });
    // Unique for the session: a remounted page's machine starts counting at 1 again.
    expect(shown!.id).toMatch(/^pending-1-\d+$/);
    await waitFor(list, () => loads() === 2);
    clock.increment(4999);
    expect(notices.getSnapshot().context.notices).toHaveLength(1);
    clock.increment(1);
    expect(notices.getSnapshot().context.notices).toEqual([]);
  });
});
