// The users of a house as User Management sees and changes them. The rules of who may do what
// live in src/model/user-permissions.ts and are applied by server/routes/user-management.ts.
import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import type { PendingUser } from '../../src/model/account.ts';
import type { Title } from '../../src/model/session-user.ts';
import type { Access, EditableUser, Managed } from '../../src/model/user-permissions.ts';


export interface HouseUserRow extends Managed {
  access: Access;
  contactName: string;
  email: string;
  createdDate: string;
  lastLoginDateTime: string | null;
  displayIntel: boolean;
  displayPaymentInfo: boolean;
  inviteAll: boolean;
  activated: boolean;
}

export type ManagedUser = Managed & EditableUser & { contactName: string; access: Access };

export interface NewUser {
  contactName: string;
  email: string;
  title: Title;
  displayIntel: boolean;
  displayPaymentInfo: boolean;
  displayInvoice: boolean;
  isMultiHouse: boolean;
  inviteAll: boolean;
  houseId: number;
  locationIds: number[];
}

export interface UserChanges {
  email: string;
  title: Title;
  displayPaymentInfo: boolean;
  inviteAll: boolean;
  locationIds: number[];
}

/** Postgres' unique_violation: another user took the email between our check and the write. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

const FAMILY_ROOT = '(select coalesce(d.parent_id, d.id) from distributors d where d.id = u.channel_partner_id)';
// What a user holds, for the grant rules: flags, and the houses they may act for.
const ACCESS_COLUMNS = `u.display_intel, u.display_payment_info, u.display_invoice, u.is_multi_house,
  array(select h.distributor_id from user_houses h where h.user_id = u.id
        union select u.channel_partner_id where u.channel_partner_id is not null) as house_ids`;
type AccessRow = { display_intel: boolean; display_payment_info: boolean; display_invoice: boolean; is_multi_house: boolean; house_ids: number[] };
const accessOf = (r: AccessRow): Access => ({
  displayIntel: r.display_intel,
  displayPaymentInfo: r.display_payment_info,
  displayInvoice: r.display_invoice,
  isMultiHouse: r.is_multi_house,
  houseIds: r.house_ids,
});

export function userAdminRepository(pool: pg.Pool) {
  return {
    /** The family head of a distributor: whose users its managers may manage. */
    async familyRootOf(distributorId: number): Promise<number | null> {
      const { rows } = await pool.query<{ root: number }>(
        'select coalesce(parent_id, id) as root from distributors where id = $1', [distributorId]);
      return rows[0]?.root ?? null;
    },

    /**
     * Users (pending invitations included) whose house is the distributor; not deactivated, not GPO
     * staff, and not sign-ups waiting for approval or rejected (the Pending section lists those).
     */
    async usersOfHouse(distributorId: number): Promise<HouseUserRow[]> {
      const { rows } = await pool.query(
        `select u.id, u.contact_name, u.email, u.title, u.created_at, u.last_login_at,
                u.invite_all, u.activated_at is not null as activated,
                u.is_internal_admin, ${FAMILY_ROOT} as family_root_id, ${ACCESS_COLUMNS}
           from users u
          where u.deactivated_at is null and not u.is_internal_admin and u.approval = 'approved'
            and (u.channel_partner_id = $1
                 or exists (select 1 from user_houses h where h.user_id = u.id and h.distributor_id = $1))
          order by u.contact_name, u.id`,
        [distributorId],
      );
      return rows.map((r) => ({
        id: r.id,
        contactName: r.contact_name,
        email: r.email,
        title: r.title,
        internalAdmin: r.is_internal_admin,
        familyRootId: r.family_root_id,
        createdDate: (r.created_at as Date).toISOString(),
        lastLoginDateTime: r.last_login_at ? (r.last_login_at as Date).toISOString() : null,
        displayIntel: r.display_intel,
        displayPaymentInfo: r.display_payment_info,
        inviteAll: r.invite_all,
        activated: r.activated,
        access: accessOf(r),
      }));
    },

    /** Sign-ups of the family still waiting for approval, oldest first. */
    async pendingOfFamily(familyRootId: number): Promise<PendingUser[]> {
      const { rows } = await pool.query(
        `select u.id, u.contact_name, u.email, d.nickname as house, u.created_at, u.activated_at is not null as confirmed
           from users u join distributors d on d.id = u.channel_partner_id
          where u.approval = 'pending' and u.deactivated_at is null and coalesce(d.parent_id, d.id) = $1
          order by u.created_at, u.id`,
        [familyRootId],
      );
      return rows.map((r) => ({
        id: r.id, contactName: r.contact_name, email: r.email, house: r.house,
        requestedAt: (r.created_at as Date).toISOString(), emailConfirmed: r.confirmed,
      }));
    },

    /** Records a decision on a pending sign-up of the family; null when there is none to decide. */
    async decide(db: Queryable, userId: number, familyRootId: number, decision: 'approved' | 'rejected', deciderId: number) {
      const { rows } = await db.query(
        `update users u set approval = $3, approval_decided_by = $4, approval_decided_at = now()
           from distributors d
          where u.id = $1 and u.approval = 'pending' and u.deactivated_at is null
            and d.id = u.channel_partner_id and coalesce(d.parent_id, d.id) = $2
         returning u.email, u.contact_name, d.nickname as house`,
        [userId, familyRootId, decision, deciderId],
      );
      const r = rows[0];
      return r ? { email: r.email as string, contactName: r.contact_name as string, house: r.house as string } : null;
    },

    /** A user that is not deactivated, with what the Edit User panel may change. */
    async managedUser(userId: number): Promise<ManagedUser | null> {
      const { rows } = await pool.query(
        `select u.id, u.contact_name, u.email, u.title, u.is_internal_admin, u.invite_all,
                ${FAMILY_ROOT} as family_root_id, ${ACCESS_COLUMNS},
                array(select merchant_id from user_locations l where l.user_id = u.id order by merchant_id) as locations
           from users u where u.id = $1 and u.deactivated_at is null`,
        [userId],
      );
      const r = rows[0];
      return r
        ? {
            id: r.id, contactName: r.contact_name, email: r.email, title: r.title, internalAdmin: r.is_internal_admin,
            familyRootId: r.family_root_id, displayPaymentInfo: r.display_payment_info, inviteAll: r.invite_all, locations: r.locations,
            access: accessOf(r),
          }
        : null;
    },

    async emailTaken(email: string, exceptUserId: number | null = null): Promise<boolean> {
      const { rowCount } = await pool.query(
        'select 1 from users where lower(email) = lower($1) and ($2::int is null or id <> $2)', [email, exceptUserId]);
      return (rowCount ?? 0) > 0;
    },

    /** An invited user: not activated (no password yet), belonging to one house. */
    async createInvited(db: Queryable, u: NewUser): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `insert into users (email, contact_name, title, display_intel, display_payment_info, display_invoice,
                            is_multi_house, invite_all, channel_partner_id, active_distributor_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning id`,
        [u.email, u.contactName, u.title, u.displayIntel, u.displayPaymentInfo, u.displayInvoice, u.isMultiHouse, u.inviteAll, u.houseId],
      );
      const id = rows[0]!.id;
      await db.query('insert into user_houses (user_id, distributor_id) values ($1, $2)', [id, u.houseId]);
      await setLocations(db, id, u.locationIds);
      return id;
    },

    async update(db: Queryable, userId: number, c: UserChanges): Promise<void> {
      await db.query(
        'update users set email = $2, title = $3, display_payment_info = $4, invite_all = $5 where id = $1',
        [userId, c.email, c.title, c.displayPaymentInfo, c.inviteAll],
      );
      await db.query('delete from user_locations where user_id = $1', [userId]);
      await setLocations(db, userId, c.locationIds);
    },

    /** One's own name (PATCH /user). */
    async rename(db: Queryable, userId: number, contactName: string): Promise<void> {
      await db.query('update users set contact_name = $2 where id = $1', [userId, contactName]);
    },

    /** Marks the user deactivated; false when they already were. */
    async deactivate(userId: number): Promise<boolean> {
      const { rowCount } = await pool.query(
        'update users set deactivated_at = now() where id = $1 and deactivated_at is null', [userId]);
      return rowCount === 1;
    },
  };
}

async function setLocations(db: Queryable, userId: number, merchantIds: number[]) {
  if (merchantIds.length === 0) return;
  await db.query('insert into user_locations (user_id, merchant_id) select $1, unnest($2::int[])', [userId, merchantIds]);
}

export type UserAdminRepository = ReturnType<typeof userAdminRepository>;
