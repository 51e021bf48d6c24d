import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { noticeBadge, visibleNotices, type Modal, type Notice } from '../../model/notices.ts';
import { noticesMachine } from './notices.ts';

const notice = (id: string, kind: Notice['kind'] = 'info'): Notice => ({ id, kind, title: id, message: id });
const modal = (id: string, kind: Modal['kind'] = 'confirm'): Modal => ({ id, kind, title: id, message: id, open: true });

describe('notifications', () => {
  it('shows at most 4, with a count badge above 4', () => {
    const actor = createActor(noticesMachine).start();
    for (const id of ['a', 'b', 'c', 'd']) actor.send({ type: 'notices.added', notice: notice(id) });
    expect(noticeBadge(actor.getSnapshot().context.notices)).toBeNull();
    actor.send({ type: 'notices.added', notice: notice('e') });
    const { notices } = actor.getSnapshot().context;
    expect(visibleNotices(notices).map((n) => n.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(noticeBadge(notices)).toBe(5);
  });

  it('ignores new notifications while an update-type one is present', () => {
    const actor = createActor(noticesMachine).start();
    actor.send({ type: 'notices.added', notice: notice('u', 'update') });
    actor.send({ type: 'notices.added', notice: notice('x') });
    expect(actor.getSnapshot().context.notices.map((n) => n.id)).toEqual(['u']);
    actor.send({ type: 'notices.dismissed', id: 'u' });
    actor.send({ type: 'notices.added', notice: notice('x') });
    expect(actor.getSnapshot().context.notices.map((n) => n.id)).toEqual(['x']);
  });
});

describe('notice lifetime', () => {
  it('takes a success away after 5 seconds; an error stays until dismissed', () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(noticesMachine).start();
      actor.send({ type: 'notices.added', notice: notice('ok', 'success') });
      actor.send({ type: 'notices.added', notice: notice('bad', 'error') });
      vi.advanceTimersByTime(4999);
      expect(actor.getSnapshot().context.notices.map((n) => n.id)).toEqual(['ok', 'bad']);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().context.notices.map((n) => n.id)).toEqual(['bad']);
      vi.advanceTimersByTime(60_000);
      expect(actor.getSnapshot().context.notices.map((n) => n.id)).toEqual(['bad']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('modals', () => {
  it('ignores a new modal while an update-type modal is present; updates, toggles, hides, removes', () => {
    const actor = createActor(noticesMachine).start();
    const modals = () => actor.getSnapshot().context.modals;
    actor.send({ type: 'modals.opened', modal: modal('u', 'update') });
    actor.send({ type: 'modals.opened', modal: modal('m') });
    expect(modals().map((m) => m.id)).toEqual(['u']);
    actor.send({ type: 'modals.updated', id: 'u', patch: { title: 'New version' } });
    expect(modals()[0]!.title).toBe('New version');
    actor.send({ type: 'modals.toggled', id: 'u' });
    expect(modals()[0]!.open).toBe(false);
    actor.send({ type: 'modals.toggled', id: 'u' });
    actor.send({ type: 'modals.hidden', id: 'u' });
    expect(modals()[0]!.open).toBe(false);
    actor.send({ type: 'modals.removed', id: 'u' });
    expect(modals()).toEqual([]);
  });

  it('runs the confirm action 300 ms after pressing, once', () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(noticesMachine).start();
      const confirmed: string[] = [];
      actor.on('modals.confirmRun', (e) => confirmed.push(e.id));
      actor.send({ type: 'modals.opened', modal: modal('m') });
      actor.send({ type: 'modals.confirmed', id: 'm' });
      actor.send({ type: 'modals.confirmed', id: 'm' });
      vi.advanceTimersByTime(299);
      expect(confirmed).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(confirmed).toEqual(['m']);
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.modals).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
