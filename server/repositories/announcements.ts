import type pg from 'pg';
import type { Announcement } from '../../src/model/announcement.ts';

export function announcementsRepository(db: pg.Pool) {
  return {
    /** Every announcement, newest first. */
    async list(): Promise<Announcement[]> {
      const { rows } = await db.query<Announcement>('select id, text from announcements order by created_at desc, id desc');
      return rows;
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof announcementsRepository>;
