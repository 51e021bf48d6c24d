import { map } from 'rxjs';
import { assign, fromEventObservable, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { MessageResponse } from '../../model/account.ts';
import type { UserHouse } from '../../model/admin.ts';
import { SUCCESS_FLAG_MS } from '../../model/notices.ts';
import {
  DISTRIBUTORS_FAILED, MISSING_FIELDS, REP_DISTRIBUTORS_FAILED, REPS_FAILED, UPDATE_FAILED, salesRepComplete,
  type SalesRep, type SalesRepDistributors, type SalesRepRole, type SalesRepSave,
} from '../../model/sales-reps.ts';
import { adminService } from '../../services/admin-service.ts';
import { salesRepsService } from '../../services/sales-reps-service.ts';
import { after$ } from '../../services/timers.ts';

/**
 * The Business Panel's sales reps (accounts spec §2.10, §4, §5, §8): pick a rep (their
 * distributors load) or toggle to a new one by email and name; role, distributors; Save, Cancel;
 * delete after 'Are you sure?'; 'Success!' for 1 s, then the list reloads.
 */
export interface RepForm {
  email: string;
  name: string;
  role: SalesRepRole | null;
  distributors: number[];
}

export interface SalesRepsContext {
  reps: SalesRep[];
  houses: UserHouse[];
  selected: string | null;
  newRep: boolean;
  /** The form is open: §2.10's Add Sales Reps opens it; Cancel and a save or delete close it. */
  formOpen: boolean;
  form: RepForm;
  /** Typed in Search: narrows the rep's distributors listed (not those saved). */
  search: string;
  error: string | null;
}

export type SalesRepsEvent =
  | { type: 'reps.formOpened' }
  | { type: 'reps.chosen'; email: string | null }
  | { type: 'reps.newToggled' }
  | { type: 'reps.changed'; field: 'email' | 'name'; value: string }
  | { type: 'reps.roleChosen'; role: SalesRepRole }
  | { type: 'reps.distributorToggled'; id: number }
  | { type: 'reps.saved' }
  | { type: 'reps.cancelled' }
  | { type: 'reps.deleteAsked' }
  | { type: 'reps.deleteConfirmed' }
  | { type: 'reps.deleteRefused' }
  | { type: 'reps.successShown' }
  | { type: 'reps.retried' }
  | { type: 'reps.searchChanged'; value: string };

const EMPTY: RepForm = { email: '', name: '', role: null, distributors: [] };

/** Ready to save: the §5 fields, and for an existing rep, a chosen one. */
export const canSave = (c: SalesRepsContext) => (c.newRep || c.selected !== null) && salesRepComplete(c.form);

export const salesRepsMachine = setup({
  types: { context: {} as SalesRepsContext, events: {} as SalesRepsEvent },
  actors: {
    loadReps: fromObservableWithOutput<SalesRep[]>(() => salesRepsService.list()),
    loadHouses: fromObservableWithOutput<UserHouse[]>(() => adminService.allHouses()),
    loadRepDistributors: fromObservableWithOutput<SalesRepDistributors, { email: string }>(({ email }) => salesRepsService.distributorsOf(email)),
    save: fromObservableWithOutput<MessageResponse, SalesRepSave>((rep) => salesRepsService.save(rep)),
    remove: fromObservableWithOutput<MessageResponse, { email: string }>(({ email }) => salesRepsService.remove(email)),
    successFlag: fromEventObservable(() => after$(SUCCESS_FLAG_MS).pipe(map((): SalesRepsEvent => ({ type: 'reps.successShown' })))),
  },
  guards: {
    savable: ({ context }) => canSave(context),
    knownRep: ({ context, event }) => event.type === 'reps.chosen' && event.email !== null && context.reps.some((r) => r.email === event.email),
    /** Search is typed only while the form is open. */
    formOpen: ({ context }) => context.formOpen,
    /** Email and name are typed only for a new rep; an existing one keeps theirs. */
    newRep: ({ context }) => context.newRep,
    repSelected: ({ context }) => context.selected !== null,
  },
  actions: {
    reset: assign({ selected: null, newRep: false, formOpen: false, form: EMPTY, search: '', error: null }),
    setSearch: assign((_, params: { value: string }) => ({ search: params.value })),
    showReps: assign((_, reps: SalesRep[]) => ({ reps })),
    showHouses: assign((_, houses: UserHouse[]) => ({ houses })),
    sayError: assign((_, params: { error: string }) => ({ error: params.error })),
    forgetError: assign({ error: null }),
    openForm: assign({ formOpen: true }),
    chooseRep: assign(({ context }, params: { email: string }) => {
      const rep = context.reps.find((r) => r.email === params.email)!;
      // Another rep's distributors: a search typed for the last one would hide them.
      return { selected: rep.email, newRep: false, form: { email: rep.email, name: rep.name, role: rep.role, distributors: [] }, search: '', error: null };
    }),
    toggleNewRep: assign(({ context }) => ({ newRep: !context.newRep, selected: null, form: EMPTY, search: '', error: null })),
    changeField: assign(({ context }, params: { field: 'email' | 'name'; value: string }) => ({ form: { ...context.form, [params.field]: params.value }, error: null })),
    chooseRole: assign(({ context }, params: { role: SalesRepRole }) => ({ form: { ...context.form, role: params.role }, error: null })),
    toggleDistributor: assign(({ context }, params: { id: number }) => {
      const has = context.form.distributors.includes(params.id);
      return { form: { ...context.form, distributors: has ? context.form.distributors.filter((d) => d !== params.id) : [...context.form.distributors, params.id] }, error: null };
    }),
    showRepDistributors: assign(({ context }, answer: SalesRepDistributors) => ({ form: { ...context.form, distributors: answer.distributorIds } })),
  },
}).createMachine({
  id: 'salesReps',
  context: { reps: [], houses: [], selected: null, newRep: false, formOpen: false, form: EMPTY, search: '', error: null },
  // Search is on screen with the form, whatever is loading or saving.
  on: { 'reps.searchChanged': { guard: 'formOpen', actions: { type: 'setSearch', params: ({ event }) => ({ value: event.value }) } } },
  initial: 'loadingReps',
  states: {
    loadingReps: {
      invoke: {
        id: 'loadReps',
        src: 'loadReps',
        onDone: { target: 'loadingHouses', actions: { type: 'showReps', params: ({ event }) => event.output } },
        onError: { target: 'repsFailed', actions: { type: 'sayError', params: { error: REPS_FAILED } } },
      },
    },
    repsFailed: { on: { 'reps.retried': { target: 'loadingReps', actions: 'forgetError' } } },
    loadingHouses: {
      invoke: {
        id: 'loadHouses',
        src: 'loadHouses',
        onDone: { target: 'ready', actions: { type: 'showHouses', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'sayError', params: { error: DISTRIBUTORS_FAILED } } },
      },
    },
    ready: {
      tags: ['repPickable'],
      on: {
        'reps.formOpened': { actions: 'openForm' },
        'reps.chosen': [
          {
            guard: 'knownRep',
            target: 'loadingRepDistributors',
            actions: { type: 'chooseRep', params: ({ event }) => ({ email: event.email ?? '' }) },
          },
          { actions: 'reset' },
        ],
        'reps.newToggled': { actions: 'toggleNewRep' },
        'reps.changed': { guard: 'newRep', actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'reps.roleChosen': { actions: { type: 'chooseRole', params: ({ event }) => ({ role: event.role }) } },
        'reps.distributorToggled': { actions: { type: 'toggleDistributor', params: ({ event }) => ({ id: event.id }) } },
        'reps.saved': [{ guard: 'savable', target: 'saving', actions: 'forgetError' }, { actions: { type: 'sayError', params: { error: MISSING_FIELDS } } }],
        'reps.cancelled': { actions: 'reset' },
        'reps.deleteAsked': { guard: 'repSelected', target: 'confirmingDelete' },
      },
    },
    loadingRepDistributors: {
      tags: ['repPickable'],
      invoke: {
        id: 'loadRepDistributors',
        src: 'loadRepDistributors',
        input: ({ context }) => ({ email: context.selected! }),
        onDone: { target: 'ready', actions: { type: 'showRepDistributors', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'sayError', params: { error: REP_DISTRIBUTORS_FAILED } } },
      },
    },
    confirmingDelete: { tags: ['deleteAsked'], on: { 'reps.deleteConfirmed': 'deleting', 'reps.deleteRefused': 'ready' } },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ email: context.form.email.trim(), name: context.form.name.trim(), role: context.form.role!, distributors: context.form.distributors }),
        onDone: 'success',
        onError: { target: 'ready', actions: { type: 'sayError', params: { error: UPDATE_FAILED } } },
      },
    },
    deleting: {
      tags: ['busy', 'deleteAsked'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ email: context.selected! }),
        onDone: 'success',
        onError: { target: 'ready', actions: { type: 'sayError', params: { error: UPDATE_FAILED } } },
      },
    },
    /** 'Success!' for 1 s, then the list as the server now holds it. */
    success: {
      invoke: { id: 'successFlag', src: 'successFlag' },
      on: { 'reps.successShown': { target: 'loadingReps', actions: 'reset' } },
    },
  },
});
