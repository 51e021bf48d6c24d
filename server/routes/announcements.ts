import { MessageResponse } from '../../src/model/account.ts';
import { ANNOUNCEMENT_DELETED, AnnouncementText, Announcement, AnnouncementList } from '../../src/model/announcement.ts';
import { IdParams } from '../../src/model/merchant-access.ts';
import { routesUsing } from '../plugins/services.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { answerWith, routeSchema } from '../http/route-schema.ts';

const NO_SUCH = 'No such announcement.';

export const announcementRoutes = routesUsing(['announcements'], async (app) => {
  /** Banners for every logged-in user, newest first. */
  app.get('/announcement', { schema: routeSchema('Announcements', 'The announcements', { answer: AnnouncementList }) }, async () => {
    return app.announcements.list();
  });

  /** The admin panel's System Announcements (spec §2.9): writes by internal admins only. */
  app.post('/announcement', { schema: routeSchema('Announcements', 'Post an announcement', { body: AnnouncementText, answer: answerWith(201, Announcement) }) }, async (request, reply): Promise<Announcement> => {
    const { text } = validate(AnnouncementText, request.body, 'announcement');
    reply.code(201);
    return app.announcements.create(text);
  });

  app.patch('/announcement/:id', { schema: routeSchema('Announcements', 'Change an announcement', { params: IdParams, body: AnnouncementText, answer: Announcement }) }, async (request): Promise<Announcement> => {
    const { id } = validate(IdParams, request.params, 'path');
    const { text } = validate(AnnouncementText, request.body, 'announcement');
    const updated = await app.announcements.update(Number(id), text);
    if (!updated) throw notFound(NO_SUCH);
    return updated;
  });

  app.delete('/announcement/:id', { schema: routeSchema('Announcements', 'Delete an announcement', { params: IdParams, answer: MessageResponse }) }, async (request): Promise<MessageResponse> => {
    const { id } = validate(IdParams, request.params, 'path');
    if (!(await app.announcements.remove(Number(id)))) throw notFound(NO_SUCH);
    return { message: ANNOUNCEMENT_DELETED };
  });
});

