import type pg from 'pg';
import type { UserSessionRow } from '../../src/model/user-sessions.ts';

export function userSessionsRepository(db: pg.Pool) {
  return {
    async record(userId: number, start: Date, end: Date, seconds: number): Promise<void> {
      await db.query('insert into user_sessions (user_id, start_time, end_time, time) values ($1, $2, $3, $4)', [
        userId,
        start,
        end,
        seconds,
      ]);
    },
    /** The user's sessions that ended in the last `days` days, oldest first. */
    async recent(userId: number, days: number): Promise<UserSessionRow[]> {
      const { rows } = await db.query<{ end_time: Date; time: number }>(
        `select end_time, time from user_sessions
          where user_id = $1 and end_time >= now() - make_interval(days => $2)
          order by end_time, id`,
        [userId, days],
      );
      return rows.map((r) => ({ end_time: r.end_time.toISOString(), time: r.time }));
    },
  };
}
export type UserSessionsRepository = ReturnType<typeof userSessionsRepository>;
