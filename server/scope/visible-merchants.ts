// Scoping, the one place that decides which merchants a request may compute over. Every
// repository call that returns merchant numbers takes its result, never raw ids from a body.
import { badRequest, forbidden } from '../http/errors.ts';
import { IdText } from '../../src/model/codec.ts';
import { isLeaderTitle } from '../../src/model/role-rules.ts';
import type { CallerFacts, ScopeRepository, ScopeUser } from '../repositories/scope.ts';

export const VIEW_AS_HEADER = 'x-view-as';

/** What the caller may see for their active distributor. */
export interface Scope {
  caller: ScopeUser;
  /** Whose visibility applies: the caller, or the user they view as. */
  viewer: ScopeUser;
  distributorId: number;
  familyIds: number[];
  /** Every merchant with an account at the distributor (ids then not listed). */
  all: boolean;
  /** The visible merchants when not `all`. */
  merchantIds: number[];
}

/** The merchants one request computes over: a subset of the scope. */
export interface Selection {
  distributorId: number;
  familyIds: number[];
  all: boolean;
  merchantIds: number[]; // when not all
}

export const isLeader = (u: ScopeUser) => isLeaderTitle(u.title);

/** The houses a user may act for: internal admins any, others their own houses. */
export const mayActFor = (u: ScopeUser, distributorId: number) => u.internalAdmin || u.houseIds.includes(distributorId);

/** Whether `u` may look at `target`'s access (view as, available merchants). */
export function mayImpersonate(u: ScopeUser, target: ScopeUser): boolean {
  if (u.internalAdmin) return true;
  return isLeader(u) && u.familyRootId !== null && target.familyRootId === u.familyRootId;
}


/**
 * What the caller may see in their active house; refused (403) without a house to act for.
 * `asCaller`: ignore View As (user management acts on the caller's own authority).
 */
export async function scopeOf(repo: ScopeRepository, facts: CallerFacts, viewAs: string | string[] | undefined, asCaller = false): Promise<Scope> {
  const { user: me, familyIds } = facts;
  const distributorId = me.activeDistributorId;
  if (distributorId === null || !mayActFor(me, distributorId)) throw forbidden('You have no distributor to act for.');
  const viewer = asCaller ? me : await viewerOf(repo, me, viewAs);
  const all = viewer.internalAdmin || ((viewer.inviteAll || isLeader(viewer)) && mayActFor(viewer, distributorId));
  const assigned = async () => (viewer === me ? facts.assignedIds : repo.assignedMerchantIds(viewer.id, distributorId));
  const merchantIds = all ? [] : await assigned();
  return { caller: me, viewer, distributorId, familyIds, all, merchantIds };
}

// View as: honoured for leaders within their family and for internal admins; anything else
// that sends the header is refused rather than silently shown the caller's own data.
async function viewerOf(repo: ScopeRepository, me: ScopeUser, header: string | string[] | undefined): Promise<ScopeUser> {
  if (header === undefined || header === '') return me;
  if (!IdText.is(header)) throw badRequest('X-View-As must be a user id.');
  const id = Number(header);
  if (id === me.id) return me;
  const target = await repo.user(id);
  if (!target || !mayImpersonate(me, target)) throw forbidden('You may not view the portal as this user.');
  return target;
}

/**
 * Which merchants have an account at a house: the database (ScopeRepository), or the data
 * version's directory in memory (server/dashboard/directory.ts) on the routes every user calls.
 */
export interface Accounts {
  /** Merchants with an account at the house, among `among` (null: all of them), ascending. */
  accountMerchantIds(distributorId: number, among: readonly number[] | null): number[] | Promise<number[]>;
  merchantCount(distributorId: number): number | Promise<number>;
}

/** The ids of `requested` inside the scope, listed (duplicates and ids outside dropped), ascending. */
export async function visibleAmong(repo: Accounts, scope: Scope, requested: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(requested)];
  if (scope.all) return repo.accountMerchantIds(scope.distributorId, wanted);
  const visible = new Set(scope.merchantIds);
  return wanted.filter((id) => visible.has(id)).sort((a, b) => a - b);
}

/** Narrows the scope to the merchants a body names; ids outside the scope are ignored, none means all. */
export async function selectMerchants(repo: Accounts, scope: Scope, requested: readonly number[]): Promise<Selection> {
  const base = { distributorId: scope.distributorId, familyIds: scope.familyIds };
  if (requested.length === 0) return { ...base, all: scope.all, merchantIds: scope.merchantIds };
  const merchantIds = await visibleAmong(repo, scope, requested);
  if (!scope.all) return { ...base, all: false, merchantIds };
  // Naming every merchant of the house is the same as naming none: use the house-wide rollups.
  const all = merchantIds.length > 0 && merchantIds.length === (await repo.merchantCount(scope.distributorId));
  return { ...base, all, merchantIds: all ? [] : merchantIds };
}

/** The visible merchant ids, listed (for merchant lists). */
export async function visibleMerchantIds(repo: Accounts, scope: Scope): Promise<number[]> {
  return scope.all ? repo.accountMerchantIds(scope.distributorId, null) : scope.merchantIds;
}
