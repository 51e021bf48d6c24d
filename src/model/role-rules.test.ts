import { describe, expect, it } from 'vitest';
import { choosesHouse, isLeaderTitle, viewsAs } from './role-rules.ts';
import type { Title } from './session-user.ts';

const titles: (Title | null)[] = ['Admin', 'Leadership', 'District Manager', 'Operations', 'Distributor Rep', null];

describe('role rules', () => {
  it('counts only Admin and Leadership as leaders', () => {
    expect(titles.filter(isLeaderTitle)).toEqual(['Admin', 'Leadership']);
  });

  it('lets leaders, and group users whatever their title, choose the house', () => {
    expect(titles.filter((title) => choosesHouse({ title, isGroup: false }))).toEqual(['Admin', 'Leadership']);
    expect(titles.every((title) => choosesHouse({ title, isGroup: true }))).toBe(true);
  });

  it('offers View As to leaders only, group or not', () => {
    expect(titles.filter((title) => viewsAs({ title }))).toEqual(['Admin', 'Leadership']);
  });
});
