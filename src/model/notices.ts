/** Notification and modal rules (spec §4, §9): pure, so the machine and tests share them. */

export const MAX_VISIBLE_NOTIFICATIONS = 4;
export const CONFIRM_DELAY_MS = 300;
/** How long a success notice from a page's machine shows before it goes away by itself. */
export const SUCCESS_SHOWN_MS = 5000;
/** How long 'Feedback Sent!' shows (analytics spec §9). */
export const FEEDBACK_SENT_MS = 4000;
/** How long a success flag shows, e.g. the sales-rep form's (accounts spec §9). */
export const SUCCESS_FLAG_MS = 1000;

export interface Notice {
  id: string;
  /** 'update' notices (e.g. "a new version is out") block any new notice until dismissed. */
  kind: 'info' | 'success' | 'error' | 'update';
  title: string;
  message: string;
}

export interface Modal {
  id: string;
  kind: 'info' | 'confirm' | 'update';
  title: string;
  message: string;
  open: boolean;
}

const hasUpdate = (items: readonly { kind: string }[]) => items.some((x) => x.kind === 'update');

export function addNotice(list: readonly Notice[], notice: Notice): Notice[] {
  return hasUpdate(list) ? [...list] : [...list, notice];
}

export function visibleNotices(list: readonly Notice[]): Notice[] {
  return list.slice(0, MAX_VISIBLE_NOTIFICATIONS);
}

/** The count badge appears only when more than 4 notifications are waiting. */
export function noticeBadge(list: readonly Notice[]): number | null {
  return list.length > MAX_VISIBLE_NOTIFICATIONS ? list.length : null;
}

export function addModal(list: readonly Modal[], modal: Modal): Modal[] {
  return hasUpdate(list) ? [...list] : [...list, modal];
}

export function updateModal(list: readonly Modal[], id: string, patch: Partial<Omit<Modal, 'id'>>): Modal[] {
  return list.map((m) => (m.id === id ? { ...m, ...patch } : m));
}

export function removeById<T extends { id: string }>(list: readonly T[], id: string): T[] {
  return list.filter((x) => x.id !== id);
}
