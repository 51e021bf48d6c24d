import type { FastifyRequest } from 'fastify';
import { routesUsing } from '../plugins/services.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { FeedbackPayload, unknownMinMessage, FeedbackResponse } from '../../src/model/feedback.ts';
import { MatchRequest, PanelMatchRequest, ItemMatchList } from '../../src/model/match.ts';
import { answerWith, routeSchema } from '../http/route-schema.ts';

const todayUtc = () => new Date().toISOString().slice(0, 10);

export const matchRoutes = routesUsing(['matches'], async (app) => {
  async function callerContext(request: FastifyRequest) {
    const me = await request.scope.caller();
    return { userId: me.id, distributorId: me.activeDistributorId };
  }

  async function similar(request: FastifyRequest, min: string, manufacturerPlatformId: string, onDate: string) {
    const { distributorId } = await callerContext(request);
    const matches = await app.matches.similarItems(min, manufacturerPlatformId, distributorId, onDate);
    if (matches === null) throw notFound(`No item has the MIN ${min} from that manufacturer.`);
    return matches;
  }

  /** Similar items of an item, with rebates and deviations in force on the range's end date. */
  app.post('/match', { schema: routeSchema('Matches', 'Items matching one', { body: MatchRequest }) }, async (request) => {
    const body = validate(MatchRequest, request.body, 'request');
    if (body.startDate > body.endDate) throw badRequest('Invalid request: startDate must not be after endDate');
    return similar(request, body.min, body.manufacturerPlatformId, body.endDate);
  });

  /** The list's side panel: similar items with what is in force today. */
  app.post('/full-rebate-deviation/matches', { schema: routeSchema('Matches', 'Matches of a rebate deviation', { body: PanelMatchRequest, answer: ItemMatchList }) }, async (request) => {
    const body = validate(PanelMatchRequest, request.body, 'request');
    return similar(request, body.min, body.manufacturerPlatformId, todayUtc());
  });

  /** A bad match (with a comment) or a recommended MIN, kept with who said it and when. */
  app.post('/match/feedback', { schema: routeSchema('Matches', 'Report a wrong match', { body: FeedbackPayload, answer: answerWith(201, FeedbackResponse) }) }, async (request, reply) => {
    const body = validate(FeedbackPayload, request.body, 'feedback');
    const { userId } = await callerContext(request);
    const other = 'badMatchMin' in body ? body.badMatchMin : body.recommendedMin;
    if (other === body.min) throw badRequest('Invalid feedback: an item cannot be matched with itself.');
    const unknown = await app.matches.unknownMins([body.min, other]);
    if (unknown.length > 0) throw badRequest(unknownMinMessage(unknown[0]!));
    const id = await app.matches.saveFeedback(userId, body);
    return reply.code(201).send({ id });
  });
});
