// Which house a user acts for (domain guide, "Who is who"). A family head — the parent distributor
// (`(PA)` in its nickname, no parent) over a family's houses — has no purchases of its own: its
// houses make them. Nobody acts for it: it is left out of the houses a user may choose, and a user
// whose saved active house is one acts for the first of its houses they may act for.
// SQL fragments, shared by the caller's scope (server/repositories/scope.ts) and the session user.

/** Whether distributor `d` (an alias) is a family head: no parent, and houses of its own. */
export const isFamilyHead = (d: string) =>
  `(${d}.parent_id is null and exists (select 1 from distributors fh where fh.parent_id = ${d}.id))`;

/** The ids of the houses user `u` (an alias of users) may act for: their houses and channel partner, family heads left out. */
export const actingHouseIds = (u: string) =>
  `select ah.id from distributors ah
    where (ah.id = ${u}.channel_partner_id or exists (select 1 from user_houses h where h.user_id = ${u}.id and h.distributor_id = ah.id))
      and not ${isFamilyHead('ah')}`;

/** The house user `u` saved as active, else their channel partner (null: none). */
export const savedHouse = (u: string) => `coalesce(${u}.active_distributor_id, ${u}.channel_partner_id)`;

/**
 * The house user `u` acts for: the saved one; when that is a family head, the first (by name) of
 * its houses the user may act for (internal admins any), else the first of the user's houses.
 */
export const actingHouse = (u: string) => `(
  select case when saved.id is null or not ${isFamilyHead('saved')} then saved.id
         else coalesce(
           (select c.id from distributors c
             where c.parent_id = saved.id and (${u}.is_internal_admin or c.id in (${actingHouseIds(u)}))
             order by c.nickname, c.id limit 1),
           (select f.id from distributors f where f.id in (${actingHouseIds(u)}) order by f.nickname, f.id limit 1))
         end
    from (select s.id, d.parent_id from (select ${savedHouse(u)} as id) s left join distributors d on d.id = s.id) saved)`;
