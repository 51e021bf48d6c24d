import Fastify from 'fastify';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { jsonFor, sendJson } from '../dashboard/answer-cache.ts';
import { documentedApi } from './openapi.ts';
import { routeSchema } from './route-schema.ts';

// Answers leave by their route's schema, derived from the codec the client decodes them with: a
// column a repository starts returning reaches nobody until the codec names it.
const Merchant = t.type({ id: t.number, name: t.string, note: t.union([t.string, t.null]) });
const row = { id: 1, name: 'Harbor Grill', note: null, taxId: '12-3456789' };

async function app() {
  const server = Fastify();
  await documentedApi(server, 'test');
  server.get('/plain', { schema: routeSchema('Test', 'A plain answer', { answer: Merchant }) }, async () => row);
  server.get('/cached', { schema: routeSchema('Test', 'A cached answer', { answer: t.array(Merchant) }) }, async (_request, reply) =>
    sendJson(reply, jsonFor(reply)([row, { ...row, id: 2, note: 'late' }])));
  return server;
}

describe('answers serialised by their schema', () => {
  it('leave out what the codec does not name, in handlers and in cached bytes alike', async () => {
    const server = await app();
    expect((await server.inject('/plain')).json()).toEqual({ id: 1, name: 'Harbor Grill', note: null });
    expect((await server.inject('/cached')).json()).toEqual([{ id: 1, name: 'Harbor Grill', note: null }, { id: 2, name: 'Harbor Grill', note: 'late' }]);
    await server.close();
  });
});
