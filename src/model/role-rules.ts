import type { SessionUser, Title } from './session-user.ts';

/** The titles that act for a whole house and its family (spec §6): Admin and Leadership. */
const LEADER_TITLES: ReadonlySet<Title> = new Set<Title>(['Admin', 'Leadership']);

export const isLeaderTitle = (title: Title | null): boolean => title !== null && LEADER_TITLES.has(title);

/** Spec §6: Admin and Leadership choose the house on the dashboard, and so do isGroup users. */
export const choosesHouse = (user: Pick<SessionUser, 'title' | 'isGroup'>): boolean => isLeaderTitle(user.title) || user.isGroup;

/** Spec, Dashboard header: View As is for Admin and Leadership (the server checks the family). */
export const viewsAs = (user: Pick<SessionUser, 'title'>): boolean => isLeaderTitle(user.title);
