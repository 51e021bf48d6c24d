import type pg from 'pg';
import type { Announcement } from '../../src/model/announcement.ts';

export function announcementsRepository(db: pg.Pool) {
  return {
    /** Every announcement, newest first. */
    async list(): Promise<Announcement[]> {
      const { rows } = await db.query<Announcement>('select id, text from announcements order by created_at desc, id desc');
      return rows;
    },
    async create(text: string): Promise<Announcement> {
      const { rows } = await db.query<Announcement>('insert into announcements (text) values ($1) returning id, text', [text]);
      return rows[0]!;
    },
    async update(id: number, text: string): Promise<Announcement | null> {
      const { rows } = await db.query<Announcement>('update announcements set text = $2 where id = $1 returning id, text', [id, text]);
      return rows[0] ?? null;
    },
    async remove(id: number): Promise<boolean> {
      const { rowCount } = await db.query('delete from announcements where id = $1', [id]);
      return rowCount === 1;
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof announcementsRepository>;
