// The facts scoping needs: who a user is (title, flags, family, houses) and which merchants of
// a distributor they are assigned. The rules themselves live in server/scope/.
import type pg from 'pg';
import type { Title } from '../../src/model/session-user.ts';
import { actingHouse, actingHouseIds, isFamilyHead, savedHouse } from './acting-house.ts';

export interface ScopeUser {
  id: number;
  title: Title | null;
  internalAdmin: boolean;
  inviteAll: boolean;
  displayInvoice: boolean;
  displayIntel: boolean;
  displayPaymentInfo: boolean;
  channelPartnerId: number | null;
  activeDistributorId: number | null; // the house acted for: the active house, else the channel partner, never a family head (acting-house.ts)
  familyRootId: number | null; // the family head of the channel partner
  houseIds: number[]; // the houses the user may act for: user_houses plus the channel partner, family heads left out
}

/** A user with the family of their active house and their locations there: what a request's scope needs. */
export interface CallerFacts { user: ScopeUser; familyIds: number[]; assignedIds: number[] }

/** The caller of a live session: their facts, the admin acting through it, when it ends, and the caller version read with them. */
export interface LiveCaller extends CallerFacts { actingAdminId: number | null; expiresAt: number; callerVersion: string }

export interface DistributorRow {
  id: number;
  platform_id: string;
  nickname: string;
  parent_id: number | null;
}

/**
 * An active user's row; `extra` adds columns computed from it (u.*, active_id), `session` puts
 * the user behind a session (`s`) and `where` narrows both.
 */
const userQuery = (extra = '', { session = '', where = 'u.id = $1' } = {}) =>
  `select *${extra} from (
     select u.id, u.title, u.is_internal_admin, u.invite_all, u.display_invoice, u.display_intel, u.display_payment_info, u.channel_partner_id,
            ${actingHouse('u')} as active_id,
            coalesce(cp.parent_id, cp.id) as family_root_id,
            array(${actingHouseIds('u')} order by 1) as house_ids${session ? ', s.acting_admin_id, s.expires_at' : ''}
       from ${session ? `${session} join users u on u.id = s.user_id` : 'users u'}
       left join distributors cp on cp.id = u.channel_partner_id
      where ${where} and u.deactivated_at is null) u`;

/**
 * The caller version (migration 140: users, sessions, houses, locations, distributors) and the
 * data version (merchant accounts change only with the data), as one text.
 */
const CALLER_VERSION = `select c.version || '.' || d.version from caller_version c, data_version d`;

// The family's head first: it names the family (server/http/family-cookie.ts).
const FAMILY_OF = (d: string) =>
  `select f.id from distributors d join distributors f on coalesce(f.parent_id, f.id) = coalesce(d.parent_id, d.id)
    where d.id = ${d} order by f.parent_id is not null, f.id`;
const ASSIGNED = (user: string, d: string) =>
  `select ul.merchant_id as id from user_locations ul
     join merchant_accounts a on a.merchant_id = ul.merchant_id and a.distributor_id = ${d}
    where ul.user_id = ${user} order by ul.merchant_id`;

export function scopeRepository(db: pg.Pool) {
  const toUser = (r: Record<string, never>): ScopeUser => ({
    id: r.id,
    title: r.title,
    internalAdmin: r.is_internal_admin,
    inviteAll: r.invite_all,
    displayInvoice: r.display_invoice,
    displayIntel: r.display_intel,
    displayPaymentInfo: r.display_payment_info,
    channelPartnerId: r.channel_partner_id,
    activeDistributorId: r.active_id,
    familyRootId: r.family_root_id,
    houseIds: r.house_ids,
  });
  return {
    async user(userId: number): Promise<ScopeUser | null> {
      const { rows } = await db.query(userQuery(), [userId]);
      return rows[0] ? toUser(rows[0]) : null;
    },

    /**
     * The user with the family of their active house and their locations there: what a request's
     * scope needs, in one query rather than three (every API call asks it).
     */
    async userInActiveHouse(userId: number): Promise<CallerFacts | null> {
      // Named, so PostgreSQL plans it once per connection: planning it took five times longer than running it.
      const { rows } = await db.query({
        name: 'user-in-active-house',
        text: userQuery(`, array(${FAMILY_OF('u.active_id')}) as family_ids, array(${ASSIGNED('u.id', 'u.active_id')}) as assigned_ids`),
        values: [userId],
      });
      const r = rows[0];
      return r ? { user: toUser(r), familyIds: r.family_ids, assignedIds: r.assigned_ids } : null;
    },

    /**
     * The caller of a session, as userInActiveHouse gives it, when the session exists, belongs to
     * the user, is unexpired and unrevoked and the user is active and approved, else null; a session
     * an admin switched into (POST /auth/session) also ends when that admin is deactivated or no
     * longer an internal admin. One query: every API call asks it before anything else.
     */
    async liveCaller(sessionId: string, userId: number): Promise<LiveCaller | null> {
      const { rows } = await db.query({
        name: 'live-caller',
        text: userQuery(`, array(${FAMILY_OF('u.active_id')}) as family_ids, array(${ASSIGNED('u.id', 'u.active_id')}) as assigned_ids,
                           (${CALLER_VERSION}) as caller_version`, {
          session: 'auth_sessions s',
          where: `s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.approval = 'approved'
            and (s.acting_admin_id is null or exists (
                  select 1 from users a where a.id = s.acting_admin_id and a.deactivated_at is null and a.is_internal_admin))`,
        }),
        values: [sessionId, userId],
      });
      const r = rows[0];
      return r ? {
        user: toUser(r), familyIds: r.family_ids, assignedIds: r.assigned_ids, actingAdminId: r.acting_admin_id,
        expiresAt: (r.expires_at as Date).getTime(), callerVersion: r.caller_version,
      } : null;
    },

    /** The version of everything liveCaller reads: it changes with any change to it. */
    async callerVersion(): Promise<string> {
      const { rows } = await db.query<{ version: string }>({ name: 'caller-version', text: `select (${CALLER_VERSION}) as version` });
      return rows[0]!.version;
    },

    async distributor(id: number): Promise<DistributorRow | null> {
      const { rows } = await db.query<DistributorRow>(
        'select id, platform_id, nickname, parent_id from distributors where id = $1', [id]);
      return rows[0] ?? null;
    },

    async distributors(ids: number[] | 'all'): Promise<DistributorRow[]> {
      const { rows } = await db.query<DistributorRow>(
        `select id, platform_id, nickname, parent_id from distributors
          where $1::int[] is null or id = any($1) order by nickname`,
        [ids === 'all' ? null : ids],
      );
      return rows;
    },

    /** As distributors, family heads left out: the houses one may choose to act for. */
    async actingHouses(ids: number[] | 'all'): Promise<DistributorRow[]> {
      const { rows } = await db.query<DistributorRow>(
        `select d.id, d.platform_id, d.nickname, d.parent_id from distributors d
          where ($1::int[] is null or d.id = any($1)) and not ${isFamilyHead('d')} order by d.nickname, d.id`,
        [ids === 'all' ? null : ids],
      );
      return rows;
    },

    /** Whether the distributor heads a family of houses (acting-house.ts): nobody acts for it. */
    async isFamilyHead(id: number): Promise<boolean> {
      const { rows } = await db.query<{ head: boolean }>(`select ${isFamilyHead('d')} as head from distributors d where d.id = $1`, [id]);
      return rows[0]?.head ?? false;
    },

    /**
     * Saves the house the user acts for as their active house when the saved one is a family
     * head; the head and the house then, or null when nothing moved.
     */
    async leaveFamilyHead(userId: number): Promise<{ from: DistributorRow; to: DistributorRow } | null> {
      const { rows } = await db.query(
        `with moved as (
           select u.id, ${savedHouse('u')} as from_id, ${actingHouse('u')} as to_id from users u where u.id = $1
         )
         update users set active_distributor_id = moved.to_id
           from moved join distributors f on f.id = moved.from_id join distributors t on t.id = moved.to_id
          where users.id = moved.id and t.id <> f.id and ${isFamilyHead('f')}
         returning f.id as from_id, f.platform_id as from_platform_id, f.nickname as from_nickname, f.parent_id as from_parent_id,
                   t.id as to_id, t.platform_id as to_platform_id, t.nickname as to_nickname, t.parent_id as to_parent_id`,
        [userId],
      );
      const r = rows[0];
      const row = (k: 'from' | 'to'): DistributorRow =>
        ({ id: r[`${k}_id`], platform_id: r[`${k}_platform_id`], nickname: r[`${k}_nickname`], parent_id: r[`${k}_parent_id`] });
      return r ? { from: row('from'), to: row('to') } : null;
    },

    /** The distributor and every house of its family: purchases from them count as its own. */
    async familyOf(distributorId: number): Promise<number[]> {
      const { rows } = await db.query<{ id: number }>(FAMILY_OF('$1'), [distributorId]);
      return rows.map((r) => r.id);
    },

    async merchantCount(distributorId: number): Promise<number> {
      const { rows } = await db.query<{ n: number }>({
        name: 'merchant-count', text: 'select count(*)::int as n from merchant_accounts where distributor_id = $1', values: [distributorId] });
      return rows[0]!.n;
    },

    /** Merchants with an account at the distributor, optionally only among `among`. */
    async accountMerchantIds(distributorId: number, among: readonly number[] | null): Promise<number[]> {
      const { rows } = await db.query<{ id: number }>(
        `select merchant_id as id from merchant_accounts
          where distributor_id = $1 and ($2::int[] is null or merchant_id = any($2)) order by merchant_id`,
        [distributorId, among],
      );
      return rows.map((r) => r.id);
    },

    /** The user's assigned locations that have an account at the distributor. */
    async assignedMerchantIds(userId: number, distributorId: number): Promise<number[]> {
      const { rows } = await db.query<{ id: number }>(ASSIGNED('$1', '$2'), [userId, distributorId]);
      return rows.map((r) => r.id);
    },

    /** Every location assigned to the user, whichever house. */
    async assignedLocations(userId: number): Promise<number[]> {
      const { rows } = await db.query<{ id: number }>(
        'select merchant_id as id from user_locations where user_id = $1 order by merchant_id', [userId]);
      return rows.map((r) => r.id);
    },

    async setActiveDistributor(userId: number, distributorId: number): Promise<void> {
      await db.query('update users set active_distributor_id = $2 where id = $1', [userId, distributorId]);
    },
  };
}
export type ScopeRepository = ReturnType<typeof scopeRepository>;
