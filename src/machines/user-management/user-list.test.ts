import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { callDouble } from '../testing/call-double.ts';
import type { UserRow } from '../../model/account.ts';
import { ApiError } from '../../services/api-client.ts';
import { userListMachine, visibleUsers } from './user-list.ts';
import { sampleUserRow } from './user-management-samples.ts';

function start(answers: (() => Promise<UserRow[]>)[]) {
  let n = 0;
  const machine = userListMachine.provide({ actors: { loadUsers: callDouble(() => answers[n++]!()) } });
  return createActor(machine, { input: { siteUrl: 'http://127.0.0.1:8080', approves: false } }).start();
}

describe('user-list', () => {
  const dana = sampleUserRow();
  const riley = sampleUserRow({ id: 4, contactName: 'Riley Rep', email: 'rep@harbor.test' });

  it('loads the users and filters them by name or email as the search changes', async () => {
    const actor = start([async () => [dana, riley]]);
    await waitFor(actor, (s) => s.value === 'loaded');
    actor.send({ type: 'users.searchChanged', value: 'REP@' });
    expect(visibleUsers(actor.getSnapshot().context).map((u) => u.id)).toEqual([4]);
    actor.send({ type: 'users.searchChanged', value: 'dana' });
    expect(visibleUsers(actor.getSnapshot().context).map((u) => u.id)).toEqual([3]);
  });

  it("tells a 403 (no distributor to act for) from a failure, and retries", async () => {
    const noHouse = start([() => Promise.reject(new ApiError(403, 'You have no distributor to act for.'))]);
    await waitFor(noHouse, (s) => s.value === 'noDistributor');
    const broken = start([() => Promise.reject(new ApiError(500, 'x')), async () => [riley]]);
    await waitFor(broken, (s) => s.value === 'failed');
    broken.send({ type: 'users.retry' });
    await waitFor(broken, (s) => s.value === 'loaded');
    expect(broken.getSnapshot().context.users).toEqual([riley]);
  });

  it('asks again after a change elsewhere (invite, edit, deactivate)', async () => {
    const actor = start([async () => [dana, riley], async () => [riley]]);
    await waitFor(actor, (s) => s.value === 'loaded');
    actor.send({ type: 'users.reload' });
    await waitFor(actor, (s) => s.value === 'loaded');
    expect(actor.getSnapshot().context.users).toEqual([riley]);
  });
});
