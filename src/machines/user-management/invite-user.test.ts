import { describe, expect, it } from 'vitest';
import { distinctEdges, edgeKey, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { replaySteps, startControlled } from '../../../tests/paths/replay-actor.ts';
import { invitePayload } from '../../model/invite-form.ts';
import { ApiError } from '../../services/api-client.ts';
import { inviteUserMachine } from './invite-user.ts';
import { USER_MANAGEMENT_MACHINES } from './registration.ts';
import { harborCafe, pierGrill } from './user-management-samples.ts';

const entry = USER_MANAGEMENT_MACHINES.find((m) => m.name === 'invite-user')!;
const SITE = 'http://127.0.0.1:8080';

function startReal() {
  let invited = 0;
  const run = startControlled(inviteUserMachine, {
    actors: ['loadChoices', 'sendInvite'],
    input: { siteUrl: SITE },
    provide: { actions: { userInvited: () => void invited++ } },
  });
  return { ...run, invited: () => invited };
}

describe('invite-user, model-based', () => {
  const edges = distinctEdges(stateChangingEdges(entry));

  it('takes every transition the machine defines', () => expectEveryTransitionTaken(inviteUserMachine, edges));

  for (const edge of edges) {
    it(`replays ${edgeKey(edge)} after ${edge.path.length - 1} events`, async () => {
      const run = startReal();
      await replaySteps(run, edge.path, edge.states, () => {
        const { value, context } = run.actor.getSnapshot();
        // Only a valid form is sent, and exactly as typed.
        if (value === 'sending') {
          const checked = invitePayload(context.form, SITE);
          expect(checked.ok).toBe(true);
          expect(run.callsOf('sendInvite').at(-1)!.input).toEqual(checked.ok && checked.payload);
        }
      });
    });
  }
});

describe('invite-user, behaviour', () => {
  const fill = async (r: ReturnType<typeof startReal>) => {
    await r.replay({ type: 'invite.opened' }, 'loadingChoices');
    await r.replay({ type: 'xstate.done.actor.loadChoices', output: [harborCafe, pierGrill] }, 'editing');
    await r.replay({ type: 'invite.changed', field: 'contactName', value: '  Ivy Invitee ' }, 'editing');
    await r.replay({ type: 'invite.changed', field: 'email', value: 'ivy@harbor.test' }, 'editing');
    await r.replay({ type: 'invite.changed', field: 'title', value: 'Distributor Rep' }, 'editing');
  };

  it('shows the missing fields and sends nothing, then clears an error when its field changes', async () => {
    const r = startReal();
    await r.replay({ type: 'invite.opened' }, 'loadingChoices');
    await r.replay({ type: 'xstate.done.actor.loadChoices', output: [] }, 'editing');
    await r.replay({ type: 'invite.submitted' }, 'editing');
    expect(r.actor.getSnapshot().context.errors).toEqual({
      contactName: 'Name must be at least 3 characters', email: 'Enter a valid email address', title: 'Choose a role',
    });
    expect(r.actor.getSnapshot().context.notice).toBeNull();
    await r.replay({ type: 'invite.changed', field: 'email', value: 'x@y' }, 'editing');
    expect(Object.keys(r.actor.getSnapshot().context.errors)).toEqual(['contactName', 'title']);
    expect(r.callsOf('sendInvite')).toEqual([]);
  });

  it('sends the chosen locations, then closes with the server’s invited message', async () => {
    const r = startReal();
    await fill(r);
    await r.replay({ type: 'invite.changed', field: 'locationIds', value: [pierGrill.id, harborCafe.id] }, 'editing');
    await r.replay({ type: 'invite.changed', field: 'displayIntel', value: true }, 'editing');
    await r.replay({ type: 'invite.submitted' }, 'sending');
    expect(r.callsOf('sendInvite')[0]!.input).toEqual({
      contactName: 'Ivy Invitee', email: 'ivy@harbor.test', title: 'Distributor Rep', displayIntel: true, displayPaymentInfo: false,
      displayInvoice: false, isMultiHouse: false, siteUrl: SITE, locations: ['11', '12'],
    });
    const message = 'Ivy Invitee has been invited. The invitation goes to ivy@harbor.test.';
    await r.replay({ type: 'xstate.done.actor.sendInvite', output: { id: 9, message } }, 'closed');
    expect(r.actor.getSnapshot().context.notice).toMatchObject({ kind: 'success', message });
    expect(r.invited()).toBe(1);
  });

  it("sends [] with Invite To All and ['NONE'] with nothing chosen", async () => {
    const r = startReal();
    await fill(r);
    await r.replay({ type: 'invite.submitted' }, 'sending');
    expect(r.callsOf('sendInvite')[0]!.input).toMatchObject({ locations: ['NONE'] });
    await r.replay({ type: 'xstate.error.actor.sendInvite', error: new ApiError(503, 'mail down') }, 'editing');
    await r.replay({ type: 'invite.changed', field: 'inviteAll', value: true }, 'editing');
    await r.replay({ type: 'invite.submitted' }, 'sending');
    expect(r.callsOf('sendInvite')[1]!.input).toMatchObject({ locations: [] });
  });

  it("stays open with 'Something went wrong!' and the reason when the invitation fails", async () => {
    const r = startReal();
    await fill(r);
    await r.replay({ type: 'invite.submitted' }, 'sending');
    await r.replay({ type: 'xstate.error.actor.sendInvite', error: new ApiError(400, 'A user with this email already exists.') }, 'editing');
    expect(r.actor.getSnapshot().context.notice).toMatchObject({ kind: 'error', title: 'Something went wrong!', message: 'A user with this email already exists.' });
    await r.replay({ type: 'invite.submitted' }, 'sending');
    await r.replay({ type: 'xstate.error.actor.sendInvite', error: new ApiError(500, 'Something went wrong') }, 'editing');
    expect(r.actor.getSnapshot().context.notice!.message).toBe('Error occured while inviting user');
    expect(r.actor.getSnapshot().context.form.email).toBe('ivy@harbor.test');
    expect(r.invited()).toBe(0);
  });
});
