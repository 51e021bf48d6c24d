import { assign, emit, raise, setup } from 'xstate';
import {
  CONFIRM_DELAY_MS,
  SUCCESS_SHOWN_MS,
  addModal,
  addNotice,
  removeById,
  updateModal,
  type Modal,
  type Notice,
} from '../../model/notices.ts';

/** App-wide notifications and modals (spec §4); the rules live in src/model/notices.ts. */

export interface NoticesContext {
  notices: Notice[];
  modals: Modal[];
  confirmingId: string | null;
}

export type NoticesEvent =
  | { type: 'notices.added'; notice: Notice }
  | { type: 'notices.dismissed'; id: string }
  | { type: 'modals.opened'; modal: Modal }
  | { type: 'modals.updated'; id: string; patch: Partial<Omit<Modal, 'id'>> }
  | { type: 'modals.toggled'; id: string }
  | { type: 'modals.hidden'; id: string }
  | { type: 'modals.removed'; id: string }
  | { type: 'modals.confirmed'; id: string };

/** Emitted when a confirm runs; whoever opened the modal listens with `actor.on`. */
export type NoticesEmitted = { type: 'modals.confirmRun'; id: string };

export const noticesMachine = setup({
  types: {
    context: {} as NoticesContext,
    events: {} as NoticesEvent,
    emitted: {} as NoticesEmitted,
  },
  guards: { success: ({ event }) => event.type === 'notices.added' && event.notice.kind === 'success' },
  delays: { confirmDelay: CONFIRM_DELAY_MS, successShown: SUCCESS_SHOWN_MS },
  actions: {
    addNotice: assign(({ context, event }) =>
      event.type === 'notices.added' ? { notices: addNotice(context.notices, event.notice) } : {},
    ),
    // Successes go away by themselves; failures stay until dismissed (spec §8 messages).
    dismissSuccessLater: raise(
      ({ event }) => ({ type: 'notices.dismissed' as const, id: event.type === 'notices.added' ? event.notice.id : '' }),
      { delay: 'successShown' },
    ),
    dismissNotice: assign(({ context, event }) =>
      event.type === 'notices.dismissed' ? { notices: removeById(context.notices, event.id) } : {},
    ),
    openModal: assign(({ context, event }) =>
      event.type === 'modals.opened' ? { modals: addModal(context.modals, event.modal) } : {},
    ),
    changeModal: assign(({ context, event }) => {
      switch (event.type) {
        case 'modals.updated':
          return { modals: updateModal(context.modals, event.id, event.patch) };
        case 'modals.toggled': {
          const open = context.modals.find((m) => m.id === event.id)?.open ?? false;
          return { modals: updateModal(context.modals, event.id, { open: !open }) };
        }
        case 'modals.hidden':
          return { modals: updateModal(context.modals, event.id, { open: false }) };
        case 'modals.removed':
          return { modals: removeById(context.modals, event.id) };
        default:
          return {};
      }
    }),
    startConfirm: assign(({ event }) => (event.type === 'modals.confirmed' ? { confirmingId: event.id } : {})),
    runConfirm: emit(({ context }) => ({ type: 'modals.confirmRun' as const, id: context.confirmingId ?? '' })),
    finishConfirm: assign(({ context }) => ({
      modals: removeById(context.modals, context.confirmingId ?? ''),
      confirmingId: null,
    })),
  },
}).createMachine({
  id: 'notices',
  context: { notices: [], modals: [], confirmingId: null },
  initial: 'idle',
  on: {
    'notices.added': [
      { guard: 'success', actions: ['addNotice', 'dismissSuccessLater'] },
      { actions: 'addNotice' },
    ],
    'notices.dismissed': { actions: 'dismissNotice' },
    'modals.opened': { actions: 'openModal' },
    'modals.updated': { actions: 'changeModal' },
    'modals.toggled': { actions: 'changeModal' },
    'modals.hidden': { actions: 'changeModal' },
    'modals.removed': { actions: 'changeModal' },
  },
  states: {
    idle: {
      on: { 'modals.confirmed': { target: 'confirming', actions: 'startConfirm' } },
    },
    // The confirm action runs 300 ms after pressing (spec §9); a second press is ignored.
    confirming: {
      after: { confirmDelay: { target: 'idle', actions: ['runConfirm', 'finishConfirm'] } },
    },
  },
});
