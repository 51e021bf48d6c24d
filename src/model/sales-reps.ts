import * as t from 'io-ts';
import { describedAs, Email, Id } from './codec.ts';

/** Sales reps of the GPO (accounts spec §2.10, §3) and the /rebate-checks/dsr calls. */
export const SALES_REP_ROLES = ['director', 'manager', 'auditor'] as const;
export const SalesRepRole = t.keyof({ director: null, manager: null, auditor: null });
export type SalesRepRole = t.TypeOf<typeof SalesRepRole>;

export const SalesRep = t.type({ email: t.string, name: t.string, role: SalesRepRole });
export type SalesRep = t.TypeOf<typeof SalesRep>;
export const SalesReps = t.array(SalesRep);

/** GET /rebate-checks/dsr/distributors?email= and DELETE /rebate-checks/dsr?email=. */
export const SalesRepQuery = t.type({ email: Email });
export const SalesRepDistributors = t.type({ distributorIds: t.array(t.number) });
export type SalesRepDistributors = t.TypeOf<typeof SalesRepDistributors>;

/** The spec's minimum lengths: name at least 3, email at least 7 (§5, §9). */
const repName = describedAs(new t.Type<string, string, unknown>('at least 3 characters', (u): u is string => typeof u === 'string' && u.trim().length >= 3,
  (u, c) => (typeof u === 'string' && u.trim().length >= 3 && u.length <= 200 ? t.success(u.trim()) : t.failure(u, c, 'must be at least 3 characters')), t.identity), { type: 'string', minLength: 3, maxLength: 200 });

/** POST /rebate-checks/update-dsr: creates or replaces a rep and their distributors. */
export const SalesRepSave = t.type({ email: Email, name: repName, role: SalesRepRole, distributors: t.array(Id) });
export type SalesRepSave = t.TypeOf<typeof SalesRepSave>;

export const MISSING_FIELDS = 'Missing Fields. Please make sure to fill out all the fields.';
export const REP_DISTRIBUTORS_FAILED = 'Failed to fetch list of distributors associated with sales rep.';
export const REPS_FAILED = 'Failed to fetch list of sales reps';
export const DISTRIBUTORS_FAILED = 'Failed to fetch list of distributors';
export const UPDATE_FAILED = 'Failed to update.';

/** The form's check before saving (§5): true when every field the spec requires is filled. */
export function salesRepComplete(f: { email: string; name: string; role: string | null; distributors: readonly number[] }): boolean {
  return f.name.trim().length >= 3 && f.email.trim().length >= 7 && f.distributors.length > 0 && f.role !== null;
}
