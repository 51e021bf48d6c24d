import type { FastifyPluginAsync } from 'fastify';
import { caller } from '../auth/authenticate.ts';
import type { Deps } from '../deps.ts';

export const announcementRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  /** Banners for every logged-in user, newest first. */
  app.get('/announcement', async (request) => {
    caller(request);
    return deps.announcements.list();
  });
};
