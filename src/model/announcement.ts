import * as t from 'io-ts';

/** GET /api/announcement: banners shown above the dashboard, dismissible per session. */
export const Announcement = t.type({ id: t.number, text: t.string });
export type Announcement = t.TypeOf<typeof Announcement>;
export const AnnouncementList = t.array(Announcement);
