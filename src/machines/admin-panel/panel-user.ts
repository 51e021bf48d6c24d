import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { MessageResponse } from '../../model/account.ts';
import { AdminPassword, PASSWORD_RESET_OK, USER_UPDATED_OK, USERS_LOAD_FAILED, type AdminUserRow } from '../../model/admin.ts';
import { Email } from '../../model/codec.ts';
import type { UserSessionRow } from '../../model/user-sessions.ts';
import { ApiError } from '../../services/api-client.ts';
import { adminService } from '../../services/admin-service.ts';
import { analyticsService } from '../../services/analytics-service.ts';

/**
 * The admin panel's user editor (accounts spec §2.9): a user picked from every distributor; Email,
 * Contact Name, Display Invoice Tab, Multi House, the last 30 days' sessions; Update User; a
 * password and Reset Password (which ends the user's sessions on the server).
 */
export interface PanelForm {
  email: string;
  contactName: string;
  displayInvoice: boolean;
  isMultiHouse: boolean;
  password: string;
}

export interface PanelUserContext {
  users: AdminUserRow[];
  userId: number | null;
  form: PanelForm;
  sessions: UserSessionRow[] | null;
  message: { ok: boolean; text: string } | null;
}

export type PanelUserEvent =
  | { type: 'panelUser.chosen'; userId: number }
  | { type: 'panelUser.changed'; field: keyof PanelForm; value: string | boolean }
  | { type: 'panelUser.updated' }
  | { type: 'panelUser.passwordReset' }
  | { type: 'panelUser.retried' };

const EMPTY: PanelForm = { email: '', contactName: '', displayInvoice: false, isMultiHouse: false, password: '' };
const failure = (error: unknown) => ({
  message: { ok: false, text: error instanceof ApiError && error.status < 500 ? error.message : 'An unknown error occurred when trying to update this user (see console for possible reasons).' },
});

export const panelUserMachine = setup({
  types: { context: {} as PanelUserContext, events: {} as PanelUserEvent },
  actors: {
    loadUsers: fromObservableWithOutput<AdminUserRow[]>(() => adminService.users(null)),
    loadSessions: fromObservableWithOutput<UserSessionRow[], { userId: number }>(({ userId }) => analyticsService.sessionsOf(userId)),
    update: fromObservableWithOutput<MessageResponse, { id: number; form: PanelForm }>(({ id, form }) =>
      adminService.updateUser(id, { email: form.email.trim(), contactName: form.contactName.trim(), displayInvoice: form.displayInvoice, isMultiHouse: form.isMultiHouse })),
    reset: fromObservableWithOutput<MessageResponse, { id: number; password: string }>(({ id, password }) => adminService.updateUser(id, { password })),
  },
  guards: {
    known: ({ context, event }) => event.type === 'panelUser.chosen' && context.users.some((u) => u.id === event.userId),
  },
}).createMachine({
  id: 'panelUser',
  context: { users: [], userId: null, form: EMPTY, sessions: null, message: null },
  initial: 'loadingUsers',
  states: {
    loadingUsers: {
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        onDone: { target: 'picking', actions: assign({ users: ({ event }) => event.output }) },
        onError: { target: 'usersFailed', actions: assign({ message: { ok: false, text: USERS_LOAD_FAILED } }) },
      },
    },
    usersFailed: { on: { 'panelUser.retried': { target: 'loadingUsers', actions: assign({ message: null }) } } },
    picking: {
      on: {
        'panelUser.chosen': {
          guard: 'known',
          target: 'loadingSessions',
          actions: assign(({ context, event }) => {
            const u = context.users.find((x) => x.id === event.userId)!;
            return { userId: u.id, form: { email: u.email, contactName: u.contactName, displayInvoice: u.displayInvoice, isMultiHouse: u.isMultiHouse, password: '' }, sessions: null, message: null };
          }),
        },
        'panelUser.changed': { guard: ({ context }) => context.userId !== null, actions: assign(({ context, event }) => ({ form: { ...context.form, [event.field]: event.value }, message: null })) },
        'panelUser.updated': [
          { guard: ({ context }) => context.userId !== null && Email.is(context.form.email.trim()) && context.form.contactName.trim().length >= 3, target: 'updating' },
          { actions: assign({ message: { ok: false, text: 'Enter a valid email and a contact name of at least 3 characters.' } }) },
        ],
        'panelUser.passwordReset': [
          { guard: ({ context }) => context.userId !== null && AdminPassword.is(context.form.password), target: 'resetting' },
          { actions: assign({ message: { ok: false, text: 'The password must be 6 to 20 characters.' } }) },
        ],
      },
    },
    loadingSessions: {
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        input: ({ context }) => ({ userId: context.userId! }),
        onDone: { target: 'picking', actions: assign({ sessions: ({ event }) => event.output }) },
        // The editor still works; the counts say they could not load.
        onError: { target: 'picking', actions: assign({ sessions: null }) },
      },
    },
    updating: {
      tags: ['busy'],
      invoke: {
        id: 'update',
        src: 'update',
        input: ({ context }) => ({ id: context.userId!, form: context.form }),
        onDone: {
          target: 'picking',
          actions: assign(({ context }) => ({
            message: { ok: true, text: USER_UPDATED_OK },
            users: context.users.map((u) => (u.id === context.userId ? { ...u, email: context.form.email.trim(), contactName: context.form.contactName.trim(), displayInvoice: context.form.displayInvoice, isMultiHouse: context.form.isMultiHouse } : u)),
          })),
        },
        onError: { target: 'picking', actions: assign(({ event }) => failure(event.error)) },
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        id: 'reset',
        src: 'reset',
        input: ({ context }) => ({ id: context.userId!, password: context.form.password }),
        onDone: { target: 'picking', actions: assign(({ context }) => ({ message: { ok: true, text: PASSWORD_RESET_OK }, form: { ...context.form, password: '' } })) },
        onError: { target: 'picking', actions: assign(({ event }) => failure(event.error)) },
      },
    },
  },
});
