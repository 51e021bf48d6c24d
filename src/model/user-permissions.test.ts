import { describe, expect, it } from 'vitest';
import type { Title } from './session-user.ts';
import {
  assignableTitles, changedFields, formatUserDate, locationIds, locationsProblem, locationsToSend, matchesUserSearch,
  mayDeactivate, mayEdit, mayInvite, selfEditRefusal, type Managed, type Manager,
} from './user-permissions.ts';

const HARBOR = 1;
const SUMMIT = 9;
const manager = (id: number, title: Title | null, internalAdmin = false): Manager => ({ id, title, internalAdmin });
const member = (id: number, title: Title | null = 'Distributor Rep', familyRootId: number | null = HARBOR, internalAdmin = false): Managed =>
  ({ id, title, familyRootId, internalAdmin });

const admin = manager(1, 'Admin', true);
const leader = manager(2, 'Leadership');
const boss = manager(7, 'Admin');
const dm = manager(3, 'District Manager');
const rep = manager(4, 'Distributor Rep');
const ops = manager(5, 'Operations');

describe('user management permissions (accounts spec §2.4, §6)', () => {
  it('lets internal admins and every role but Distributor Rep invite', () => {
    expect([admin, leader, boss, dm, ops].map(mayInvite)).toEqual([true, true, true, true, true]);
    expect(mayInvite(rep)).toBe(false);
    expect(mayInvite(manager(6, null))).toBe(false);
    expect(mayInvite(manager(6, 'Distributor Rep', true))).toBe(true);
  });

  it('offers the Admin role to internal admins only, and Leadership to leaders', () => {
    expect(assignableTitles(admin)).toContain('Admin');
    expect(assignableTitles(leader)).toEqual(['Leadership', 'District Manager', 'Distributor Rep', 'Operations']);
    expect(assignableTitles(boss)).not.toContain('Admin');
    expect(assignableTitles(dm)).toEqual(['District Manager', 'Distributor Rep', 'Operations']);
  });

  it('applies the row edit rule: leaders edit their family, DM and Operations only themselves, reps nobody', () => {
    const someone = member(10);
    expect(mayEdit(admin, HARBOR, someone)).toBe(true);
    expect(mayEdit(leader, HARBOR, someone)).toBe(true);
    expect(mayEdit(boss, HARBOR, someone)).toBe(true);
    expect(mayEdit(dm, HARBOR, someone)).toBe(false);
    expect(mayEdit(ops, HARBOR, someone)).toBe(false);
    expect(mayEdit(dm, HARBOR, member(3, 'District Manager'))).toBe(true);
    expect(mayEdit(ops, HARBOR, member(5, 'Operations'))).toBe(true);
    expect(mayEdit(rep, HARBOR, member(4))).toBe(false);
    expect(mayEdit(rep, HARBOR, someone)).toBe(false);
  });

  it('keeps everyone out of other families and non-admins away from internal admins', () => {
    expect(mayEdit(leader, HARBOR, member(10, 'Operations', SUMMIT))).toBe(false);
    expect(mayDeactivate(leader, HARBOR, member(10, 'Operations', SUMMIT))).toBe(false);
    expect(mayEdit(leader, null, member(10))).toBe(false); // managing a house outside their family
    expect(mayEdit(leader, HARBOR, member(1, 'Admin', HARBOR, true))).toBe(false);
    expect(mayDeactivate(leader, HARBOR, member(1, 'Admin', HARBOR, true))).toBe(false);
    expect(mayEdit(admin, HARBOR, member(11, 'Admin', HARBOR, true))).toBe(true);
  });

  it('lets internal admins, Admin and Leadership deactivate others, never themselves', () => {
    const someone = member(10);
    expect([admin, leader, boss, dm, ops, rep].map((m) => mayDeactivate(m, HARBOR, someone))).toEqual([true, true, true, false, false, false]);
    expect(mayDeactivate(leader, HARBOR, member(2, 'Leadership'))).toBe(false);
  });

  it('lets a self-edit change only the email', () => {
    expect(selfEditRefusal(dm, 3, ['email'])).toBeNull();
    expect(selfEditRefusal(dm, 3, ['title', 'locations'])).toBe('You may not change your own role, locations.');
    expect(selfEditRefusal(leader, 2, ['inviteAll'])).toBe('You may not change your own Invite To All.');
    expect(selfEditRefusal(leader, 10, ['title'])).toBeNull();
    expect(selfEditRefusal(admin, 1, ['title'])).toBeNull();
  });
});

describe('locations and changes', () => {
  it('sends [] with Invite To All, NONE when nothing is chosen, else the ids (spec §5)', () => {
    expect(locationsToSend(true, [3, 1])).toEqual([]);
    expect(locationsToSend(false, [])).toEqual(['NONE']);
    expect(locationsToSend(false, [12, 3, 3])).toEqual(['3', '12']);
    expect(locationIds(['NONE'])).toEqual([]);
    expect(locationIds(['12', '3'])).toEqual([3, 12]);
  });

  it('refuses lists that say two things', () => {
    expect(locationsProblem(true, [])).toBeNull();
    expect(locationsProblem(false, ['NONE'])).toBeNull();
    expect(locationsProblem(true, ['3'])).toMatch(/exactly when Invite To All/);
    expect(locationsProblem(false, [])).toMatch(/exactly when Invite To All/);
    expect(locationsProblem(false, ['NONE', '3'])).toMatch(/alone/);
  });

  it('names the fields an edit changes', () => {
    const before = { email: 'a@x.test', title: 'Operations' as const, displayPaymentInfo: false, inviteAll: false, locations: [5, 2] };
    const same = { email: 'A@x.test', title: 'Operations' as const, displayPaymentInfo: false, inviteAll: false, locations: ['2', '5'] };
    expect(changedFields(before, same)).toEqual([]);
    expect(changedFields(before, { ...same, email: 'b@x.test', title: 'Leadership', locations: ['2'] })).toEqual(['email', 'title', 'locations']);
    expect(changedFields(before, { ...same, inviteAll: true, locations: [] })).toEqual(['inviteAll']);
  });
});

describe('users table helpers', () => {
  it('formats dates MM/DD/YYYY, or No Data', () => {
    expect(formatUserDate('2026-03-04T15:00:00.000Z')).toBe('03/04/2026');
    expect(formatUserDate(null)).toBe('No Data');
  });

  it('searches name or email, ignoring case and spaces around', () => {
    const u = { contactName: 'Dana District', email: 'dm@harbor.test' };
    expect(matchesUserSearch(u, ' dana ')).toBe(true);
    expect(matchesUserSearch(u, 'HARBOR')).toBe(true);
    expect(matchesUserSearch(u, 'riley')).toBe(false);
    expect(matchesUserSearch(u, '')).toBe(true);
  });
});
