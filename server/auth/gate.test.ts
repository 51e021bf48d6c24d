// The gate on its own, without a database: a route missing from ROUTE_AUDIENCE is closed to
// everyone, a route in it is open to its audience only, with the audience's refusal.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_REFUSAL } from '../../src/model/route-permissions.ts';
import { HttpError } from '../http/errors.ts';
import type { ScopeRepository, ScopeUser } from '../repositories/scope.ts';
import { gate, UNLISTED_ROUTE } from './gate.ts';

const user = (id: number, over: Partial<ScopeUser> = {}): ScopeUser => ({
  id, title: 'Distributor Rep', internalAdmin: false, inviteAll: false, displayInvoice: false, displayIntel: false,
  displayPaymentInfo: false, channelPartnerId: 10, activeDistributorId: 10, familyRootId: 10, houseIds: [10], ...over,
});
const USERS = new Map([
  [1, user(1)],
  [2, user(2, { title: 'Admin', internalAdmin: true })],
  [3, user(3, { displayIntel: true })],
  [4, user(4, { title: 'Admin', internalAdmin: false })], // was an internal admin once
]);
const repo = {
  user: async (id: number) => USERS.get(id) ?? null,
  userInActiveHouse: async (id: number) => (USERS.has(id) ? { user: USERS.get(id)!, familyIds: [10], assignedIds: [] } : null),
} as unknown as ScopeRepository;

describe('the authorization gate', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.decorateRequest('auth', null);
    app.decorateRequest('actingAdminId', null);
    app.decorateRequest('scope', null as never);
    // Stands in for authenticate(): the caller's id and acting admin come as headers here.
    app.addHook('onRequest', async (request) => {
      request.auth = { userId: Number(request.headers['x-user']), sessionId: 's' } as NonNullable<typeof request.auth>;
      request.actingAdminId = request.headers['x-acting'] ? Number(request.headers['x-acting']) : null;
    });
    app.addHook('onRequest', gate(repo));
    app.setErrorHandler((error, _request, reply) =>
      reply.code(error instanceof HttpError ? error.statusCode : 500).send({ message: (error as Error).message }));
    const answer = async () => ({ ok: true });
    app.get('/api/admin/audit', answer);
    app.post('/api/intel', answer);
    app.get('/api/test/dash/load-speeds', answer);
    app.get('/api/announcement', async (request) => ({ id: (await request.scope.caller()).id }));
    app.get('/api/not-in-the-table', answer);
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST', url: string, userId: number, acting?: number) =>
    app.inject({ method, url, headers: { 'x-user': String(userId), ...(acting ? { 'x-acting': String(acting) } : {}) } });

  it('closes a route missing from ROUTE_AUDIENCE, even to internal admins', async () => {
    for (const id of [1, 2]) {
      const res = await call('GET', '/api/not-in-the-table', id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(UNLISTED_ROUTE);
    }
  });

  it('lets an audience in and refuses the others with the audience’s message', async () => {
    expect((await call('GET', '/api/admin/audit', 2)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/audit', 1)).json()).toEqual({ message: AUDIENCE_REFUSAL.internalAdmin });
    expect((await call('POST', '/api/intel', 3)).statusCode).toBe(200);
    expect((await call('POST', '/api/intel', 1)).json()).toEqual({ message: AUDIENCE_REFUSAL.intelUsers });
    // HEAD is its GET's.
    expect((await app.inject({ method: 'HEAD', url: '/api/admin/audit', headers: { 'x-user': '1' } })).statusCode).toBe(403);
  });

  it('lets an internal admin acting as a user through where the audience says so, and only while still an admin', async () => {
    expect((await call('GET', '/api/test/dash/load-speeds', 1, 2)).statusCode).toBe(200);
    expect((await call('GET', '/api/test/dash/load-speeds', 1, 4)).statusCode).toBe(403);
    expect((await call('GET', '/api/test/dash/load-speeds', 1)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/audit', 1, 2)).statusCode).toBe(403);
  });

  it('hands the handler the caller it read', async () => {
    expect((await call('GET', '/api/announcement', 3)).json()).toEqual({ id: 3 });
    expect((await call('GET', '/api/announcement', 99)).statusCode).toBe(401);
  });
});
