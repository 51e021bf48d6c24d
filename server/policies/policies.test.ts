import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_TARGET_REFUSED } from '../../src/model/admin.ts';
import type { UpdateUserPayload } from '../../src/model/account.ts';
import type { Access } from '../../src/model/user-permissions.ts';
import type { HttpError } from '../http/errors.ts';
import type { ScopeUser } from '../repositories/scope.ts';
import { housePolicy, NO_HOUSE, NOT_YOUR_USERS } from './house-policy.ts';
import { ADMIN_ROLE, DEACTIVATED, INTERNAL_FLAGS, ROLE_REFUSED, userPolicy } from './user-policy.ts';

const user = (over: Partial<ScopeUser> = {}): ScopeUser => ({
  id: 1, title: 'Distributor Rep', internalAdmin: false, inviteAll: false, displayInvoice: false, displayIntel: false, displayPaymentInfo: false,
  channelPartnerId: 10, activeDistributorId: 10, familyRootId: 1, houseIds: [10], ...over,
});
const leader = user({ id: 2, title: 'Leadership' });
const admin = user({ id: 3, title: null, internalAdmin: true, houseIds: [] });
const access = (over: Partial<Access> = {}): Access => ({ displayIntel: true, displayPaymentInfo: false, displayInvoice: false, isMultiHouse: false, houseIds: [10], ...over });
const said = (refusal: HttpError | null) => (refusal ? [refusal.statusCode, refusal.message] : null);

describe('house policy', () => {
  it('acting needs a house', () => {
    expect(said(housePolicy.acting(null))).toEqual([403, NO_HOUSE]);
    expect(housePolicy.acting({ id: 10 })).toBeNull();
  });

  it('a house is acted for by its own users and internal admins', () => {
    expect(housePolicy.actFor(user(), 10)).toBeNull();
    expect(housePolicy.actFor(admin, 99)).toBeNull();
    expect(said(housePolicy.actFor(user(), 11))).toEqual([403, 'You may not act for this distributor.']);
  });

  it("a house's users are listed for its family's leaders and internal admins; only admins learn a house does not exist", () => {
    const house = { id: 10, platform_id: 'p10', nickname: 'Boston', parent_id: 1 };
    expect(housePolicy.listUsers(leader, house)).toBeNull();
    expect(housePolicy.listUsers(admin, house)).toBeNull();
    expect(said(housePolicy.listUsers(user(), house))).toEqual([403, NOT_YOUR_USERS]);
    expect(said(housePolicy.listUsers(user({ title: 'Leadership', familyRootId: 2 }), house))).toEqual([403, NOT_YOUR_USERS]);
    expect(said(housePolicy.listUsers(leader, null))).toEqual([403, NOT_YOUR_USERS]);
    expect(said(housePolicy.listUsers(admin, null))).toEqual([404, 'No such distributor.']);
  });
});

describe('user policy', () => {
  const invite = { title: 'Distributor Rep' as const, displayInvoice: false, isMultiHouse: false, displayIntel: false, displayPaymentInfo: false };

  it('managing users needs a record of one’s own access', () => {
    expect(said(userPolicy.manage(undefined))).toEqual([403, 'You may not manage users.']);
    expect(userPolicy.manage(access())).toBeNull();
  });

  it('a missing user is a 404 for internal admins and the usual refusal for others', () => {
    expect(said(userPolicy.missing(admin, 'No.'))).toEqual([404, 'No such user.']);
    expect(said(userPolicy.missing(leader, 'No.'))).toEqual([403, 'No.']);
  });

  it('an invitation gives only roles and flags the inviter may give', () => {
    expect(userPolicy.invite(leader, access(), invite)).toBeNull();
    expect(said(userPolicy.invite(leader, access(), { ...invite, title: 'Admin' }))).toEqual([403, ADMIN_ROLE]);
    expect(said(userPolicy.invite(user({ title: 'Operations' }), access(), { ...invite, title: 'Leadership' }))).toEqual([403, ROLE_REFUSED]);
    expect(said(userPolicy.invite(leader, access(), { ...invite, displayInvoice: true }))).toEqual([403, INTERNAL_FLAGS]);
    expect(said(userPolicy.invite(leader, access({ displayPaymentInfo: false }), { ...invite, displayPaymentInfo: true }))?.[0]).toBe(403);
    expect(userPolicy.invite(admin, access(), { ...invite, title: 'Admin', displayInvoice: true, displayPaymentInfo: true })).toBeNull();
  });

  it('an edit keeps to the row rule, one’s own fields and the roles one may give', () => {
    const target = { id: 5, title: 'Distributor Rep' as const, internalAdmin: false, familyRootId: 1, access: access() };
    const body: UpdateUserPayload = { email: 'a@b.test', title: 'Distributor Rep', displayPaymentInfo: false, inviteAll: true, locations: [] };
    expect(userPolicy.edit(leader, access(), 1, target, ['title'], body)).toBeNull();
    expect(said(userPolicy.edit(leader, access(), 2, target, ['title'], body))).toEqual([403, 'You may not edit this user.']);
    expect(said(userPolicy.edit(leader, access(), 1, target, ['title'], { ...body, title: 'Admin' }))).toEqual([403, ADMIN_ROLE]);
    const me = { ...target, id: leader.id, title: 'Leadership' as const };
    expect(said(userPolicy.edit(leader, access(), 1, me, ['title'], { ...body, title: 'Leadership' }))?.[1]).toMatch(/^You may not change your own/);
  });

  it('sign-ups are decided, and users deactivated, only in a family one manages', () => {
    expect(said(userPolicy.decide(null))).toEqual([403, 'You may not decide on this sign-up.']);
    expect(userPolicy.decide(1)).toBeNull();
    const target = { id: 5, title: 'Distributor Rep' as const, internalAdmin: false, familyRootId: 1 };
    expect(userPolicy.deactivate(leader, 1, target)).toBeNull();
    expect(said(userPolicy.deactivate(user(), 1, target))).toEqual([403, 'You may not deactivate this user.']);
  });

  it("another user's houses, locations and sessions", () => {
    const colleague = user({ id: 7 });
    expect(userPolicy.seeAccessOf(colleague, colleague, 'houses')).toBeNull();
    expect(userPolicy.seeAccessOf(leader, colleague, 'locations')).toBeNull();
    expect(said(userPolicy.seeAccessOf(user(), colleague, 'locations'))).toEqual([403, "You may not see this user's locations."]);
    expect(said(userPolicy.seeAccessOf(admin, null, 'houses'))).toEqual([403, "You may not see this user's houses."]);
    expect(userPolicy.sessionsOf(user(), 1)).toBeNull();
    expect(userPolicy.sessionsOf(admin, 1)).toBeNull();
    expect(said(userPolicy.sessionsOf(leader, 1))).toEqual([403, 'You may only see your own sessions.']);
  });

  it('the admin screens leave GPO staff alone; a link does not bring back a deactivated account', () => {
    expect(said(userPolicy.adminEdit({ id: 3, title: null, internalAdmin: true, familyRootId: null }))).toEqual([403, ADMIN_TARGET_REFUSED]);
    expect(userPolicy.adminEdit({ id: 5, title: 'Operations', internalAdmin: false, familyRootId: 1 })).toBeNull();
    expect(said(userPolicy.setPassword(false))).toEqual([403, DEACTIVATED]);
  });
});

describe('route files', () => {
  it('throw no 403 of their own: who may do what is the gate’s table and the policies', () => {
    const dir = path.join(import.meta.dirname, '../routes');
    const own = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').map((line, i) => ({ at: `${f}:${i + 1}`, line })))
      .filter(({ line }) => /\bforbidden\(/.test(line))
      .map(({ at }) => at);
    expect(own).toEqual([]);
  });
});
