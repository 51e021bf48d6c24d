// Sales reps of the GPO and the distributors each covers (accounts spec §2.10).
import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import type { SalesRep, SalesRepSave } from '../../src/model/sales-reps.ts';


export function salesRepsRepository(pool: pg.Pool) {
  return {
    async list(): Promise<SalesRep[]> {
      const { rows } = await pool.query<SalesRep>('select email, name, role from sales_reps order by name, email');
      return rows;
    },
    async distributorsOf(email: string): Promise<number[]> {
      const { rows } = await pool.query<{ id: number }>(
        'select distributor_id as id from sales_rep_distributors where lower(email) = lower($1) order by 1', [email]);
      return rows.map((r) => r.id);
    },
    /** Creates or replaces the rep (matched by email, any case) with exactly these distributors. */
    async save(db: Queryable, rep: SalesRepSave): Promise<void> {
      const { rows } = await db.query<{ email: string }>(
        `insert into sales_reps (email, name, role)
         values (coalesce((select email from sales_reps where lower(email) = lower($1)), $1), $2, $3)
         on conflict (email) do update set name = excluded.name, role = excluded.role returning email`,
        [rep.email, rep.name, rep.role],
      );
      const email = rows[0]!.email;
      await db.query('delete from sales_rep_distributors where email = $1', [email]);
      await db.query('insert into sales_rep_distributors (email, distributor_id) select $1, unnest($2::int[]) on conflict do nothing', [email, rep.distributors]);
    },
    /** False when there was no such rep. */
    async remove(email: string): Promise<boolean> {
      const { rowCount } = await pool.query('delete from sales_reps where lower(email) = lower($1)', [email]);
      return (rowCount ?? 0) > 0;
    },
  };
}
export type SalesRepsRepository = ReturnType<typeof salesRepsRepository>;
