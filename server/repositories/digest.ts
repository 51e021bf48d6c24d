// The digest's own rows (migration 110): each user's preferences, the bell's last opening, and
// one send record per user and period (its primary key is what makes a send happen once).
import type pg from 'pg';
import { DEFAULT_PREFERENCES, type DigestPreferences } from '../../src/model/digest.ts';
import type { Queryable } from '../db/queryable.ts';

export interface DigestRecipient { id: number; email: string; name: string; preferences: DigestPreferences }

const PREFS = `coalesce(p.frequency, 'weekly') as frequency, coalesce(p.sections, $$${`{${DEFAULT_PREFERENCES.sections.join(',')}}`}$$) as sections,
  coalesce(p.time_zone, 'UTC') as time_zone`;
const toPreferences = (r: Record<string, never>): DigestPreferences => ({ frequency: r.frequency, sections: r.sections, timeZone: r.time_zone });

/** Active users with a house to act for (the digest's audience). */
const RECIPIENTS = `select u.id, u.email, u.contact_name, ${PREFS}
  from users u left join digest_preferences p on p.user_id = u.id
 where u.deactivated_at is null and u.activated_at is not null and coalesce(u.active_distributor_id, u.channel_partner_id) is not null`;

export function digestRepository(pool: pg.Pool) {
  const toRecipient = (r: Record<string, never>): DigestRecipient => ({ id: r.id, email: r.email, name: r.contact_name, preferences: toPreferences(r) });
  return {
    async preferences(userId: number): Promise<DigestPreferences> {
      const { rows } = await pool.query(`select ${PREFS} from (select $1::int as user_id) u left join digest_preferences p on p.user_id = u.user_id`, [userId]);
      return toPreferences(rows[0]);
    },
    async savePreferences(userId: number, p: DigestPreferences): Promise<void> {
      await pool.query(
        `insert into digest_preferences (user_id, frequency, sections, time_zone) values ($1, $2, $3, $4)
         on conflict (user_id) do update set frequency = excluded.frequency, sections = excluded.sections, time_zone = excluded.time_zone`,
        [userId, p.frequency, p.sections, p.timeZone]);
    },
    /** The one-click unsubscribe: the digest off, the rest of the choice kept. */
    async unsubscribe(userId: number): Promise<boolean> {
      const { rowCount } = await pool.query(
        `insert into digest_preferences (user_id, frequency) select id, 'off' from users where id = $1
         on conflict (user_id) do update set frequency = 'off'`, [userId]);
      return (rowCount ?? 0) > 0;
    },
    async recipient(userId: number): Promise<DigestRecipient | null> {
      const { rows } = await pool.query(`${RECIPIENTS} and u.id = $1`, [userId]);
      return rows[0] ? toRecipient(rows[0]) : null;
    },
    async recipientByEmail(email: string): Promise<DigestRecipient | null> {
      const { rows } = await pool.query(`${RECIPIENTS} and lower(u.email) = lower($1)`, [email]);
      return rows[0] ? toRecipient(rows[0]) : null;
    },
    /** Everyone the digest may go to, with their choice (the scheduler picks whose 07:00 it is). */
    async recipients(): Promise<DigestRecipient[]> {
      const { rows } = await pool.query(`${RECIPIENTS} and coalesce(p.frequency, 'weekly') <> 'off' order by u.id`);
      return rows.map(toRecipient);
    },
    /** When the user's last digest went out (null: never). */
    async lastSentAt(userId: number): Promise<Date | null> {
      const { rows } = await pool.query('select max(sent_at) as at from digest_sends where user_id = $1', [userId]);
      return rows[0].at;
    },
    /** Claims the (user, period) inside the sending transaction: false when it was sent already. Waits for a concurrent claim to end. */
    async claim(db: Queryable, userId: number, period: string): Promise<boolean> {
      const { rowCount } = await db.query('insert into digest_sends (user_id, period) values ($1, $2) on conflict do nothing', [userId, period]);
      return rowCount === 1;
    },
    async sentPeriods(userId: number): Promise<string[]> {
      const { rows } = await pool.query('select period from digest_sends where user_id = $1 order by sent_at', [userId]);
      return rows.map((r) => r.period);
    },
    async alertsReadAt(userId: number): Promise<Date | null> {
      const { rows } = await pool.query('select alerts_read_at from digest_preferences where user_id = $1', [userId]);
      return rows[0]?.alerts_read_at ?? null;
    },
    async markAlertsRead(userId: number): Promise<void> {
      await pool.query(
        `insert into digest_preferences (user_id, alerts_read_at) values ($1, now())
         on conflict (user_id) do update set alerts_read_at = now()`, [userId]);
    },
  };
}
export type DigestRepository = ReturnType<typeof digestRepository>;
