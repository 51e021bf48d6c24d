import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { MessageResponse } from '../../model/account.ts';
import { ANNOUNCEMENT_CREATED, ANNOUNCEMENT_DELETED, ANNOUNCEMENT_FAILED, type Announcement } from '../../model/announcement.ts';
import { adminService } from '../../services/admin-service.ts';

/**
 * The admin panel's 'System Announcements' modal (accounts spec §2.9, §8): the current
 * announcements, a text box whose Create is disabled while empty, a delete per row.
 */
export interface AnnouncementsContext {
  list: Announcement[];
  text: string;
  /** The row whose delete is on its way. */
  deletingId: number | null;
  message: { ok: boolean; text: string } | null;
}

export type AnnouncementsEvent =
  | { type: 'announcements.opened' }
  | { type: 'announcements.closed' }
  | { type: 'announcements.textChanged'; text: string }
  | { type: 'announcements.created' }
  | { type: 'announcements.deleted'; id: number };


export const announcementsMachine = setup({
  types: { context: {} as AnnouncementsContext, events: {} as AnnouncementsEvent },
  actions: {
    failed: assign({ message: { ok: false, text: ANNOUNCEMENT_FAILED }, deletingId: null }),
    typed: assign(({ event }) => (event.type === 'announcements.textChanged' ? { text: event.text, message: null } : {})),
    cleared: assign({ text: '', message: null }),
    listed: assign((_, params: { list: Announcement[] }) => ({ list: params.list })),
    markDeleting: assign(({ event }) => (event.type === 'announcements.deleted' ? { deletingId: event.id, message: null } : {})),
    added: assign(({ context }, params: { created: Announcement }) => ({ list: [params.created, ...context.list], text: '', message: { ok: true, text: ANNOUNCEMENT_CREATED } })),
    removed: assign(({ context }) => ({ list: context.list.filter((a) => a.id !== context.deletingId), deletingId: null, message: { ok: true, text: ANNOUNCEMENT_DELETED } })),
  },
  guards: {
    hasText: ({ context }) => context.text.trim() !== '',
  },
  actors: {
    load: fromObservableWithOutput<Announcement[]>(() => adminService.announcements()),
    create: fromObservableWithOutput<Announcement, { text: string }>(({ text }) => adminService.createAnnouncement(text)),
    remove: fromObservableWithOutput<MessageResponse, { id: number }>(({ id }) => adminService.deleteAnnouncement(id)),
  },
}).createMachine({
  id: 'announcements',
  context: { list: [], text: '', deletingId: null, message: null },
  initial: 'closed',
  states: {
    closed: { on: { 'announcements.opened': { target: 'loading', actions: 'cleared' } } },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'editing', actions: { type: 'listed', params: ({ event }) => ({ list: event.output }) } },
        onError: { target: 'editing', actions: 'failed' },
      },
      // The text box is open while the list loads: what is typed then is kept.
      on: { 'announcements.closed': 'closed', 'announcements.textChanged': { actions: 'typed' } },
    },
    editing: {
      on: {
        'announcements.textChanged': { actions: 'typed' },
        'announcements.created': { guard: 'hasText', target: 'creating' },
        'announcements.deleted': { target: 'deleting', actions: 'markDeleting' },
        'announcements.closed': 'closed',
      },
    },
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: { target: 'editing', actions: { type: 'added', params: ({ event }) => ({ created: event.output }) } },
        onError: { target: 'editing', actions: 'failed' },
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.deletingId! }),
        onDone: { target: 'editing', actions: 'removed' },
        onError: { target: 'editing', actions: 'failed' },
      },
    },
  },
});
