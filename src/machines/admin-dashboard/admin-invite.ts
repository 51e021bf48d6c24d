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
  guards: { complete: ({ context }) => adminInvite(context).payload !== null },
  actions: {
    /** The users table (the parent) asks for the users again. */
    invited: tellParent({ type: 'adminDashboard.reloaded' })(),
  },
}).createMachine({
  id: 'adminInvite',
  context: ({ input }) => ({ siteUrl: input.siteUrl, house: null, form: EMPTY, invalid: [], result: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'invite.opened': { guard: ({ event }) => event.house.referredPartnerId !== null, target: 'editing', actions: assign(({ event }) => ({ house: event.house, form: EMPTY, invalid: [] })) },
        'invite.closed': { actions: assign({ result: null }) },
      },
    },
    editing: {
      on: {
        'invite.changed': { actions: assign(({ context, event }) => ({ form: { ...context.form, [event.field]: event.value }, invalid: context.invalid.filter((f) => f !== event.field) })) },
        'invite.submitted': [{ guard: 'complete', target: 'sending', actions: assign({ result: null }) }, { actions: assign(({ context }) => ({ invalid: adminInvite(context).invalid })) }],
        'invite.closed': 'closed',
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => adminInvite(context).payload!,
        onDone: { target: 'closed', actions: [assign(({ event }) => ({ result: { ok: true, message: event.output.message } })), 'invited'] },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            result: { ok: false, message: event.error instanceof ApiError && event.error.status < 500 ? `${INVITE_FAILED}: ${event.error.message}` : INVITE_FAILED },
          })),
        },
      },
    },
  },
});
