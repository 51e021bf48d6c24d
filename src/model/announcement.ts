import * as t from 'io-ts';
import { boundedString } from './codec.ts';

/** GET /api/announcement: banners shown above the dashboard; a dismissal is remembered per user in the browser (services/announcement-service.ts). */
export const Announcement = t.type({ id: t.number, text: t.string });
export type Announcement = t.TypeOf<typeof Announcement>;
export const AnnouncementList = t.array(Announcement);

/** POST /api/announcement and PATCH /api/announcement/{id} (internal admins). */
export const AnnouncementText = t.type({ text: boundedString('1 to 1000 characters', 1, 1000) });
export type AnnouncementText = t.TypeOf<typeof AnnouncementText>;

export const ANNOUNCEMENT_CREATED = 'Announcement Created!';
export const ANNOUNCEMENT_DELETED = 'Announcement Deleted!';
export const ANNOUNCEMENT_FAILED = "Couldn't load, create or delete announcement - see console for details.";
