import { assign, setup } from 'xstate';
import { tellParent } from '../tell-parent.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { InviteResponse } from '../../model/account.ts';
import { AdminInvitePayload, INVITE_FAILED, type AdminHouse } from '../../model/admin.ts';
import { decode } from '../../model/codec.ts';
import type { Title } from '../../model/session-user.ts';
import { ApiError } from '../../services/api-client.ts';
import { adminService } from '../../services/admin-service.ts';

/**
 * The admin dashboard's Invite User modal (accounts spec §2.11, §3, §5): Name, Email Address and
 * Role required, for a house with a referred partner; 'User Invited' naming the person, or
 * 'Error' / 'Failed to invite user' / 'Try again'.
 */
export interface InviteForm {
  contactName: string;
  email: string;
  title: Title | null;
  displayIntel: boolean;
  displayPaymentInfo: boolean;
}

export interface AdminInviteContext {
  siteUrl: string;
  house: AdminHouse | null;
  form: InviteForm;
  /** The fields still missing or invalid, after a submit. */
  invalid: (keyof InviteForm)[];
  result: { ok: boolean; message: string } | null;
}

export type AdminInviteEvent =
  | { type: 'invite.opened'; house: AdminHouse }
  | { type: 'invite.closed' }
  | { type: 'invite.changed'; field: keyof InviteForm; value: InviteForm[keyof InviteForm] }
  | { type: 'invite.submitted' };

const EMPTY: InviteForm = { contactName: '', email: '', title: null, displayIntel: false, displayPaymentInfo: false };

/** The §3 admin invite payload, or the fields that keep it from being one. */
export function adminInvite(c: Pick<AdminInviteContext, 'form' | 'house' | 'siteUrl'>) {
  const candidate = {
    contactName: c.form.contactName.trim(), email: c.form.email, title: c.form.title ?? undefined, locations: [],
    displayIntel: c.form.displayIntel, displayPaymentInfo: c.form.displayPaymentInfo, displayInvoice: false, isMultiHouse: false,
    distributorId: c.house?.id, referredPartnerId: c.house?.referredPartnerId ?? undefined, siteUrl: c.siteUrl,
  };
  const result = decode(AdminInvitePayload, candidate);
  const invalid = (['contactName', 'email', 'title'] as const).filter((f) => !result.ok && result.errors.some((e) => e.startsWith(f)));
  return { payload: result.ok ? result.value : null, invalid };
}

export const adminInviteMachine = setup({
  types: { context: {} as AdminInviteContext, events: {} as AdminInviteEvent, input: {} as { siteUrl: string } },
  actors: { send: fromObservableWithOutput<InviteResponse, AdminInvitePayload>((payload) => adminService.invite(payload)) },
  guards: {
    complete: ({ context }) => adminInvite(context).payload !== null,
    /** Only a house with a referred partner can invite. */
    hasReferredPartner: (_, house: AdminHouse) => house.referredPartnerId !== null,
  },
  actions: {
    /** The users table (the parent) asks for the users again. */
    invited: tellParent({ type: 'adminDashboard.reloaded' })(),
    open: assign((_, house: AdminHouse) => ({ house, form: EMPTY, invalid: [] })),
    clearResult: assign({ result: null }),
    change: assign(({ context }, { field, value }: { field: keyof InviteForm; value: InviteForm[keyof InviteForm] }) => ({
      form: { ...context.form, [field]: value }, invalid: context.invalid.filter((f) => f !== field),
    })),
    markInvalid: assign(({ context }) => ({ invalid: adminInvite(context).invalid })),
    succeeded: assign((_, message: string) => ({ result: { ok: true, message } })),
    failed: assign((_, { error }: { error: unknown }) => ({
      result: { ok: false, message: error instanceof ApiError && error.status < 500 ? `${INVITE_FAILED}: ${error.message}` : INVITE_FAILED },
    })),
  },
}).createMachine({
  id: 'adminInvite',
  context: ({ input }) => ({ siteUrl: input.siteUrl, house: null, form: EMPTY, invalid: [], result: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'invite.opened': {
          guard: { type: 'hasReferredPartner', params: ({ event }) => event.house },
          target: 'editing',
          actions: { type: 'open', params: ({ event }) => event.house },
        },
        'invite.closed': { actions: 'clearResult' },
      },
    },
    editing: {
      on: {
        'invite.changed': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'invite.submitted': [{ guard: 'complete', target: 'sending', actions: 'clearResult' }, { actions: 'markInvalid' }],
        'invite.closed': 'closed',
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => adminInvite(context).payload!,
        onDone: { target: 'closed', actions: [{ type: 'succeeded', params: ({ event }) => event.output.message }, 'invited'] },
        onError: { target: 'editing', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
