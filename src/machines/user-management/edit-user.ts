import { forkJoin, map } from 'rxjs';
import { assign, setup } from 'xstate';
import { tellParent } from '../tell-parent.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { MessageResponse, UpdateUserPayload, UserRow } from '../../model/account.ts';
import { Email } from '../../model/codec.ts';
import type { Merchant } from '../../model/dashboard.ts';
import type { Notice } from '../../model/notices.ts';
import type { Title } from '../../model/session-user.ts';
import {
  LOCATIONS_LOAD_FAILED, SOMETHING_WENT_WRONG, USER_DEACTIVATED, USER_UPDATED, changedFields, locationsToSend, type Manager,
} from '../../model/user-permissions.ts';
import { ApiError } from '../../services/api-client.ts';
import { userManagementService } from '../../services/user-management-service.ts';
import { showNotice } from '../shell/system-actors.ts';

/**
 * The Edit User side panel (accounts spec §2.4, §8). Opening loads the user's locations and
 * Invite To All flag (and the locations the editor may add); failing that, the panel says
 * "Couldn't load location list for this user. Update failed." and cannot save. Save is enabled
 * only when the email, role, payment-info flag, Invite To All or the locations changed.
 * Deactivate asks for confirmation first. Someone editing their own row (not an internal
 * admin) may change only the email: the server refuses the rest, so the panel does not offer it.
 */
export const UPDATE_FAILED = 'An unknown error occurred when trying to update this user (see console for possible reasons).';
export { LOCATIONS_LOAD_FAILED };

export interface EditDraft {
  email: string;
  title: Title | null;
  displayPaymentInfo: boolean;
  inviteAll: boolean;
  locations: Merchant[];
}

export interface EditUserContext {
  user: UserRow | null;
  /** Editing one's own row as anyone but an internal admin: only the email may change. */
  selfEdit: boolean;
  /** Editing someone else's row as anyone but an internal admin: a new email waits for its owner's approval. */
  ownerApproves: boolean;
  original: EditDraft | null;
  draft: EditDraft | null;
  /** Locations the editor may add (their visible ones). */
  choices: Merchant[];
  /** Checked in the Add Locations picker. */
  picked: number[];
  /** Typed in the picker's Find a location box: narrows the choices shown, not what is checked. */
  locationFilter: string;
  notice: Notice | null;
  notices: number;
}

export interface LoadedUser {
  locations: Merchant[];
  inviteAll: boolean;
  choices: Merchant[];
}

export type EditUserEvent =
  | { type: 'edit.opened'; user: UserRow; me: Manager }
  | { type: 'edit.closed' }
  | { type: 'edit.emailChanged'; value: string }
  | { type: 'edit.roleChanged'; title: Title }
  | { type: 'edit.paymentInfoChanged'; value: boolean }
  | { type: 'edit.inviteAllChanged'; value: boolean }
  | { type: 'edit.locationRemoved'; id: number }
  | { type: 'edit.locationsCleared' }
  | { type: 'edit.addLocationsOpened' }
  | { type: 'edit.locationPicked'; id: number }
  | { type: 'edit.locationFilterChanged'; value: string }
  | { type: 'edit.locationsAdded' }
  | { type: 'edit.addLocationsCancelled' }
  | { type: 'edit.saved' }
  | { type: 'edit.deactivateAsked' }
  | { type: 'edit.deactivateConfirmed' }
  | { type: 'edit.deactivateCancelled' }
  | { type: 'edit.noticeDismissed' };

const ids = (locations: readonly Merchant[]) => locations.map((m) => m.id);

/** What Save sends: locations by the §5 rule. */
export function updatePayload(draft: EditDraft): UpdateUserPayload {
  return {
    email: draft.email.trim(),
    title: draft.title ?? 'Distributor Rep',
    displayPaymentInfo: draft.displayPaymentInfo,
    inviteAll: draft.inviteAll,
    locations: locationsToSend(draft.inviteAll, ids(draft.locations)),
  };
}

/** Whether anything Save would send differs from the user as loaded. */
export function hasChanges(c: Pick<EditUserContext, 'original' | 'draft'>): boolean {
  if (!c.original || !c.draft) return false;
  return changedFields({ ...c.original, locations: ids(c.original.locations) }, updatePayload(c.draft)).length > 0;
}

/** The draft moves the account to another email address (a change of letter case is none). */
export const emailMoved = (c: Pick<EditUserContext, 'original' | 'draft'>): boolean =>
  c.original !== null && c.draft !== null && c.draft.email.trim().toLowerCase() !== c.original.email.toLowerCase();

/** The address is one the server takes (Save waits for it; the field says why otherwise). */
export const emailValid = (email: string): boolean => Email.decode(email)._tag === 'Right';

/** Save is enabled: something changed, the email is valid and there is a role. */
export const canSave = (c: Pick<EditUserContext, 'original' | 'draft'>): boolean =>
  hasChanges(c) && c.draft !== null && c.draft.title !== null && emailValid(c.draft.email);

const noticeOf = (c: EditUserContext, kind: Notice['kind'], title: string, message: string) =>
  ({ notices: c.notices + 1, notice: { id: `edit-${c.notices + 1}`, kind, title, message } });

const failureMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;

export const editUserMachine = setup({
  types: { context: {} as EditUserContext, events: {} as EditUserEvent },
  actors: {
    loadUser: fromObservableWithOutput<LoadedUser, { userId: number }>((input) =>
      forkJoin([userManagementService.available(input.userId), userManagementService.locationChoices()]).pipe(
        map(([available, choices]) => ({ locations: available.locations, inviteAll: available.inviteAll, choices })),
      ),
    ),
    saveUser: fromObservableWithOutput<MessageResponse, { userId: number; payload: UpdateUserPayload }>((input) =>
      userManagementService.update(input.userId, input.payload)),
    deactivateUser: fromObservableWithOutput<MessageResponse, { userId: number }>((input) =>
      userManagementService.deactivate(input.userId)),
  },
  guards: {
    mayChangeAccess: ({ context }) => !context.selfEdit,
    canSave: ({ context }) => canSave(context),
    somethingPicked: ({ context }) => context.picked.length > 0,
    mayDeactivate: ({ context }) => context.user?.canDeactivate ?? false,
  },
  actions: {
    /** The users table (the parent) asks for the list again. */
    userChanged: tellParent({ type: 'users.reload' })(),
    showNotice: showNotice(),
    edit: assign(({ context }, change: Partial<EditDraft>) => ({ draft: context.draft && { ...context.draft, ...change } })),
    forgetNotice: assign({ notice: null }),
    open: assign(({ event }) => {
      if (event.type !== 'edit.opened') return {};
      const { user, me } = event;
      return {
        user,
        selfEdit: !me.internalAdmin && me.id === user.id,
        ownerApproves: !me.internalAdmin && me.id !== user.id,
        original: null, draft: null, choices: [], picked: [], locationFilter: '',
      };
    }),
    /** The user as loaded is both what Save compares with and the draft to edit. */
    loaded: assign(({ context }, loaded: LoadedUser) => {
      const u = context.user!;
      const original: EditDraft = { email: u.email, title: u.title, displayPaymentInfo: u.displayPaymentInfo, inviteAll: loaded.inviteAll, locations: loaded.locations };
      return { original, draft: original, choices: loaded.choices };
    }),
    // The picker opens afresh: nothing checked, every choice listed.
    openPicker: assign({ picked: [], locationFilter: '' }),
    togglePicked: assign(({ context, event }) => {
      if (event.type !== 'edit.locationPicked') return {};
      const id = event.id;
      return { picked: context.picked.includes(id) ? context.picked.filter((x) => x !== id) : [...context.picked, id] };
    }),
    setLocationFilter: assign(({ event }) => (event.type === 'edit.locationFilterChanged' ? { locationFilter: event.value } : {})),
    addPicked: assign(({ context }) => {
      const have = new Set(ids(context.draft!.locations));
      const added = context.choices.filter((m) => context.picked.includes(m.id) && !have.has(m.id));
      return { draft: { ...context.draft!, locations: [...context.draft!.locations, ...added] }, picked: [] };
    }),
    forgetPicked: assign({ picked: [] }),
    notify: assign(({ context }, params: { kind: Notice['kind']; title: string; message: string }) => noticeOf(context, params.kind, params.title, params.message)),
  },
}).createMachine({
  id: 'editUser',
  context: { user: null, selfEdit: false, ownerApproves: false, original: null, draft: null, choices: [], picked: [], locationFilter: '', notice: null, notices: 0 },
  initial: 'closed',
  on: { 'edit.noticeDismissed': { actions: 'forgetNotice' } },
  states: {
    closed: {
      on: {
        'edit.opened': { target: 'loading', actions: 'open' },
      },
    },
    loading: {
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ userId: context.user!.id }),
        onDone: { target: 'editing', actions: { type: 'loaded', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
      on: { 'edit.closed': 'closed' },
    },
    // "Couldn't load location list for this user. Update failed.": nothing can be saved.
    loadFailed: { on: { 'edit.closed': 'closed' } },
    editing: {
      on: {
        'edit.closed': 'closed',
        'edit.emailChanged': { actions: { type: 'edit', params: ({ event }) => ({ email: event.value }) } },
        'edit.roleChanged': { guard: 'mayChangeAccess', actions: { type: 'edit', params: ({ event }) => ({ title: event.title }) } },
        'edit.paymentInfoChanged': { guard: 'mayChangeAccess', actions: { type: 'edit', params: ({ event }) => ({ displayPaymentInfo: event.value }) } },
        'edit.inviteAllChanged': { guard: 'mayChangeAccess', actions: { type: 'edit', params: ({ event }) => ({ inviteAll: event.value }) } },
        'edit.locationRemoved': {
          guard: 'mayChangeAccess',
          actions: { type: 'edit', params: ({ context, event }) => ({ locations: context.draft!.locations.filter((m) => m.id !== event.id) }) },
        },
        'edit.locationsCleared': { guard: 'mayChangeAccess', actions: { type: 'edit', params: { locations: [] } } },
        'edit.addLocationsOpened': { target: 'picking', guard: 'mayChangeAccess', actions: 'openPicker' },
        'edit.saved': { target: 'saving', guard: 'canSave', actions: 'forgetNotice' },
        'edit.deactivateAsked': { target: 'confirmingDeactivate', guard: 'mayDeactivate' },
      },
    },
    // The Add Locations picker: Add is disabled until something is checked.
    picking: {
      on: {
        'edit.locationPicked': { actions: 'togglePicked' },
        'edit.locationFilterChanged': { actions: 'setLocationFilter' },
        'edit.locationsAdded': { target: 'editing', guard: 'somethingPicked', actions: 'addPicked' },
        'edit.addLocationsCancelled': { target: 'editing', actions: 'forgetPicked' },
        'edit.closed': 'closed',
      },
    },
    confirmingDeactivate: {
      on: {
        'edit.deactivateConfirmed': 'deactivating',
        'edit.deactivateCancelled': 'editing',
        'edit.closed': 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'saveUser',
        src: 'saveUser',
        input: ({ context }) => ({ userId: context.user!.id, payload: updatePayload(context.draft!) }),
        onDone: {
          target: 'closed',
          actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'success', title: 'Saved', message: event.output.message || USER_UPDATED }) }, 'showNotice', 'userChanged'],
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'error', title: SOMETHING_WENT_WRONG, message: failureMessage(event.error, UPDATE_FAILED) }) }, 'showNotice'],
        },
      },
    },
    deactivating: {
      invoke: {
        id: 'deactivateUser',
        src: 'deactivateUser',
        input: ({ context }) => ({ userId: context.user!.id }),
        onDone: {
          target: 'closed',
          actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'success', title: 'Deactivated', message: event.output.message || USER_DEACTIVATED }) }, 'showNotice', 'userChanged'],
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'error', title: SOMETHING_WENT_WRONG, message: failureMessage(event.error, SOMETHING_WENT_WRONG) }) }, 'showNotice'],
        },
      },
    },
  },
});
