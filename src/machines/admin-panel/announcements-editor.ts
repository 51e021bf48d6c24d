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
  actions: { failed: assign({ message: { ok: false, text: ANNOUNCEMENT_FAILED }, deletingId: null }) },
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
    closed: { on: { 'announcements.opened': { target: 'loading', actions: assign({ text: '', message: null }) } } },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'editing', actions: assign({ list: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: 'failed' },
      },
      on: { 'announcements.closed': 'closed' },
    },
    editing: {
      on: {
        'announcements.textChanged': { actions: assign(({ event }) => ({ text: event.text, message: null })) },
        'announcements.created': { guard: ({ context }) => context.text.trim() !== '', target: 'creating' },
        'announcements.deleted': { target: 'deleting', actions: assign(({ event }) => ({ deletingId: event.id, message: null })) },
        'announcements.closed': 'closed',
      },
    },
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: { target: 'editing', actions: assign(({ context, event }) => ({ list: [event.output, ...context.list], text: '', message: { ok: true, text: ANNOUNCEMENT_CREATED } })) },
        onError: { target: 'editing', actions: 'failed' },
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.deletingId! }),
        onDone: {
          target: 'editing',
          actions: assign(({ context }) => ({ list: context.list.filter((a) => a.id !== context.deletingId), deletingId: null, message: { ok: true, text: ANNOUNCEMENT_DELETED } })),
        },
        onError: { target: 'editing', actions: 'failed' },
      },
    },
  },
});
