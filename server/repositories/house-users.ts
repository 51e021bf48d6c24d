// Who belongs to a house or family, for the View As and admin user pickers. Permission checks
// live in the routes (server/scope/ rules); this only reads.
import type pg from 'pg';
import type { HouseUser } from '../../src/model/house-users.ts';
import type { DistributorRow } from './scope.ts';

export interface SwitchTarget {
  id: number;
  internalAdmin: boolean;
  activated: boolean;
  deactivated: boolean;
  hasChannelPartner: boolean;
}

export function houseUsersRepository(db: pg.Pool) {
  return {
    async byPlatformId(platformId: string): Promise<DistributorRow | null> {
      const { rows } = await db.query<DistributorRow>(
        'select id, platform_id, nickname, parent_id from distributors where platform_id = $1', [platformId]);
      return rows[0] ?? null;
    },

    /**
     * Active, activated distributor users who belong to one of the houses (channel partner or one
     * of their houses). Internal admins are GPO staff, not users of a house, so they are left out.
     */
    async usersOf(distributorIds: number[]): Promise<HouseUser[]> {
      const { rows } = await db.query<HouseUser>(
        `select u.id, u.contact_name as "contactName", u.email, u.title
           from users u
          where u.deactivated_at is null and u.activated_at is not null and not u.is_internal_admin
            and (u.channel_partner_id = any($1::int[])
                 or exists (select 1 from user_houses h where h.user_id = u.id and h.distributor_id = any($1::int[])))
          order by u.contact_name, u.id`,
        [distributorIds],
      );
      return rows;
    },

    async switchTarget(userId: number): Promise<SwitchTarget | null> {
      const { rows } = await db.query(
        `select id, is_internal_admin, activated_at is not null as activated, deactivated_at is not null as deactivated,
                channel_partner_id is not null as has_partner
           from users where id = $1`,
        [userId],
      );
      const r = rows[0];
      return r
        ? { id: r.id, internalAdmin: r.is_internal_admin, activated: r.activated, deactivated: r.deactivated, hasChannelPartner: r.has_partner }
        : null;
    },
  };
}
export type HouseUsersRepository = ReturnType<typeof houseUsersRepository>;
