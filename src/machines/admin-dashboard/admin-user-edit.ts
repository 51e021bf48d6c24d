import { assign, setup } from 'xstate';
import { tellParent } from '../tell-parent.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { MessageResponse } from '../../model/account.ts';
import {
  AdminPassword, CONFIRM_PASSWORD_MISMATCH, DEACTIVATE_FAILED, SAVE_FAILED, USER_SAVED, withoutHouse,
  type AdminUserPatch, type AdminUserRow, type UserHouse,
} from '../../model/admin.ts';
import { Email } from '../../model/codec.ts';
import type { Title } from '../../model/session-user.ts';
import { ApiError } from '../../services/api-client.ts';
import { adminService } from '../../services/admin-service.ts';

/**
 * The admin dashboard's Edit User panel (accounts spec §2.11, §4, §5): email, role, password
 * with its confirmation, Intel and Payment Information, the user's houses (the active one stays)
 * picked with or without the whole family, Save and Deactivate User.
 */
export interface EditForm {
  email: string;
  title: Title | null;
  password: string;
  confirmPassword: string;
  displayIntel: boolean;
  displayPaymentInfo: boolean;
  houses: number[];
}

export interface AdminUserEditContext {
  user: AdminUserRow | null;
  form: EditForm;
  includeFamily: boolean;
  allHouses: UserHouse[];
  error: string | null;
  /** The last outcome the panel reports ('User Saved', 'User Deactivated!'). */
  done: string | null;
}

type FormField = Exclude<keyof EditForm, 'houses'>;
export type AdminUserEditEvent =
  | { type: 'edit.opened'; user: AdminUserRow }
  | { type: 'edit.closed' }
  | { type: 'edit.changed'; field: FormField; value: EditForm[FormField] }
  | { type: 'edit.familyToggled' }
  | { type: 'edit.houseAdded'; id: number }
  | { type: 'edit.houseRemoved'; id: number }
  | { type: 'edit.saved' }
  | { type: 'edit.deactivated' };

const EMPTY_FORM: EditForm = { email: '', title: null, password: '', confirmPassword: '', displayIntel: false, displayPaymentInfo: false, houses: [] };

const formOf = (u: AdminUserRow): EditForm => ({
  email: u.email, title: u.title, password: '', confirmPassword: '', displayIntel: u.displayIntel,
  displayPaymentInfo: u.displayPaymentInfo, houses: u.houses.map((h) => h.id),
});

/** What Save sends: only what changed; the houses only when the set differs (spec §3). */
export function editPatch(user: AdminUserRow, f: EditForm): AdminUserPatch {
  const patch: AdminUserPatch = {};
  if (f.email.trim() !== user.email) patch.email = f.email.trim();
  if (f.title !== null && f.title !== user.title) patch.title = f.title;
  if (f.password !== '') patch.password = f.password;
  if (f.displayIntel !== user.displayIntel) patch.displayIntel = f.displayIntel;
  if (f.displayPaymentInfo !== user.displayPaymentInfo) patch.displayPaymentInfo = f.displayPaymentInfo;
  const before = user.houses.map((h) => h.id).sort((a, b) => a - b).join();
  if ([...f.houses].sort((a, b) => a - b).join() !== before) patch.houses = f.houses;
  return patch;
}

export const EDIT_EMAIL_INVALID = 'Enter a valid email address';
export const EDIT_PASSWORD_LENGTH = 'The password must be 6 to 20 characters.';

/**
 * What is wrong with each field, said on the field itself: Save is disabled while any is set, so
 * the panel never greys it out without saying why (issue 39). The spec's words where it has them.
 */
export function editFieldErrors(f: EditForm): { email?: string; password?: string; confirmPassword?: string } {
  return {
    ...(Email.is(f.email.trim()) ? {} : { email: EDIT_EMAIL_INVALID }),
    ...(f.password !== '' && !AdminPassword.is(f.password) ? { password: EDIT_PASSWORD_LENGTH } : {}),
    ...((f.password !== '' || f.confirmPassword !== '') && f.password !== f.confirmPassword ? { confirmPassword: CONFIRM_PASSWORD_MISMATCH } : {}),
  };
}

/** Why Save cannot go ahead (the first field error, confirmation first); null when it can. */
export function editProblem(f: EditForm): string | null {
  const errors = editFieldErrors(f);
  return errors.confirmPassword ?? errors.password ?? errors.email ?? null;
}

const serverSaid = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? `${fallback}: ${error.message}` : fallback;

type EditEvent<T extends AdminUserEditEvent['type']> = { event: Extract<AdminUserEditEvent, { type: T }> };
/** What the open panel takes while the family's houses load and once they have. */
const FORM_EDITS = {
  'edit.closed': 'closed',
  'edit.changed': { actions: { type: 'change', params: ({ event }: EditEvent<'edit.changed'>) => ({ field: event.field, value: event.value }) } },
  'edit.familyToggled': { actions: 'toggleFamily' },
  'edit.houseRemoved': { actions: { type: 'removeHouse', params: ({ event }: EditEvent<'edit.houseRemoved'>) => event.id } },
} as const;

export const adminUserEditMachine = setup({
  types: { context: {} as AdminUserEditContext, events: {} as AdminUserEditEvent },
  actors: {
    loadHouses: fromObservableWithOutput<UserHouse[]>(() => adminService.allHouses()),
    save: fromObservableWithOutput<MessageResponse, { id: number; patch: AdminUserPatch }>(({ id, patch }) => adminService.updateUser(id, patch)),
    deactivate: fromObservableWithOutput<MessageResponse, { id: number }>(({ id }) => adminService.deactivate(id)),
  },
  guards: { savable: ({ context }) => editProblem(context.form) === null },
  actions: {
    /** The dashboard reloads its users table. */
    changed: tellParent({ type: 'adminDashboard.reloaded' })(),
    open: assign((_, user: AdminUserRow) => ({ user, form: formOf(user), includeFamily: false, error: null, done: null })),
    keepHouses: assign((_, allHouses: UserHouse[]) => ({ allHouses })),
    housesFailed: assign({ allHouses: [], error: 'Failed to get the list of distributors' }),
    change: assign(({ context }, { field, value }: { field: FormField; value: EditForm[FormField] }) => ({ form: { ...context.form, [field]: value }, error: null, done: null })),
    toggleFamily: assign(({ context }) => ({ includeFamily: !context.includeFamily })),
    addHouse: assign(({ context }, id: number) => ({
      form: { ...context.form, houses: context.form.houses.includes(id) ? context.form.houses : [...context.form.houses, id] }, done: null,
    })),
    removeHouse: assign(({ context }, id: number) => ({ form: { ...context.form, houses: withoutHouse(context.form.houses, id, context.user!.activeDistributorId) }, done: null })),
    clearMessages: assign({ error: null, done: null }),
    showProblem: assign(({ context }) => ({ error: editProblem(context.form) })),
    saved: assign(({ context }) => ({ done: USER_SAVED, form: { ...context.form, password: '', confirmPassword: '' } })),
    saveFailed: assign((_, { error }: { error: unknown }) => ({ error: serverSaid(error, SAVE_FAILED) })),
    deactivated: assign((_, message: string) => ({ done: message })),
    deactivateFailed: assign({ error: DEACTIVATE_FAILED }),
  },
}).createMachine({
  id: 'adminUserEdit',
  context: { user: null, form: EMPTY_FORM, includeFamily: false, allHouses: [], error: null, done: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'edit.opened': { target: 'loadingHouses', actions: { type: 'open', params: ({ event }) => event.user } } },
    },
    loadingHouses: {
      invoke: {
        id: 'loadHouses',
        src: 'loadHouses',
        onDone: { target: 'editing', actions: { type: 'keepHouses', params: ({ event }) => event.output } },
        // The user's own houses still show; only adding others is not possible.
        onError: { target: 'editing', actions: 'housesFailed' },
      },
      // The fields are open while the family's houses load: what is typed then is kept (it was lost, and a
      // password typed then was saved as none).
      on: FORM_EDITS,
    },
    editing: {
      on: {
        ...FORM_EDITS,
        'edit.houseAdded': { actions: { type: 'addHouse', params: ({ event }) => event.id } },
        'edit.saved': [
          { guard: 'savable', target: 'saving', actions: 'clearMessages' },
          { actions: 'showProblem' },
        ],
        'edit.deactivated': { target: 'deactivating', actions: 'clearMessages' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ id: context.user!.id, patch: editPatch(context.user!, context.form) }),
        onDone: { target: 'editing', actions: ['saved', 'changed'] },
        onError: { target: 'editing', actions: { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deactivating: {
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ context }) => ({ id: context.user!.id }),
        onDone: { target: 'closed', actions: [{ type: 'deactivated', params: ({ event }) => event.output.message }, 'changed'] },
        onError: { target: 'editing', actions: 'deactivateFailed' },
      },
    },
  },
});
