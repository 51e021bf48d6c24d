// The generated API reference (docs/api.md): every /api route declares a schema derived from its
// codecs, and the answers the routes really give match what the document says of them.
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { loadIds, SAMPLES, type Ids } from '../security/route-samples.ts';

/** Routes that may go without a schema, each with its reason. None today. */
const WITHOUT_SCHEMA: Readonly<Record<string, string>> = {};

/** Calls that end the session they are made with: each gets a token of its own. */
const SESSION_ENDING = ['POST /api/auth/logout', 'POST /api/auth/session'];

interface Operation { tags?: string[]; summary?: string; responses?: Record<string, { content?: Record<string, { schema?: object }> }> }
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** 'GET /api/user/:id' → the document's operation at '/api/user/{id}'. */
const operationOf = (doc: Document, route: string): Operation | undefined => {
  const [method, path] = route.split(' ') as [string, string];
  return doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
};

describe.each(testTargets())('the OpenAPI document on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let ids: Ids;
  let doc: Document;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    ids = await loadIds(db.pool);
    for (const email of ['admin@portal.test', 'leader@harbor.test']) tokens.set(email, await loginToken(app, email));
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { authorization: `Bearer ${tokens.get('admin@portal.test')}` } });
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const apiRoutes = () => app.routeTable.filter((r) => r.split(' ')[1]!.startsWith('/api/'));

  it('is OpenAPI 3.1 and documents every /api route with tags and a summary', () => {
    expect(doc.openapi).toBe('3.1.0');
    const missing = apiRoutes().filter((r) => !(r in WITHOUT_SCHEMA)).filter((r) => {
      const op = operationOf(doc, r);
      return !op?.summary || !op.tags?.length;
    });
    expect(missing, 'routes without a schema (server/http/route-schema.ts)').toEqual([]);
    expect(Object.keys(doc.paths).some((p) => !p.startsWith('/api/')), 'the SPA routes are not API').toBe(false);
  });

  it('serves the reference page to internal admins only', async () => {
    const page = (email: string) => app.inject({ method: 'GET', url: '/api/docs', headers: { authorization: `Bearer ${tokens.get(email)}` } });
    const res = await page('admin@portal.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('/api/rebate-checks/checks');
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!login\.microsoftonline)/);
    expect((await page('leader@harbor.test')).statusCode).toBe(403);
  });

  it('describes the answers the routes really give, as an admin and as a leader', async () => {
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const mismatches: string[] = [];
    let answered = 0; // 2xx answers checked: about 90 on the demo data
    for (const email of ['admin@portal.test', 'leader@harbor.test']) {
      for (const route of apiRoutes()) {
        const sample = SAMPLES[route];
        if (!sample) continue;
        const token = SESSION_ENDING.includes(route) ? await loginToken(app, email) : tokens.get(email);
        const request = sample(ids);
        const res = await app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${token}` }, remoteAddress: '10.56.0.1' });
        const responses = operationOf(doc, route)?.responses ?? {};
        const answer = responses[String(res.statusCode)] ?? responses[`${String(res.statusCode)[0]}XX`];
        const schema = answer?.content?.['application/json']?.schema;
        if (!schema || !String(res.headers['content-type']).startsWith('application/json')) continue;
        if (res.statusCode < 300) answered += 1;
        if (!ajv.validate(schema, res.json())) mismatches.push(`${route} as ${email}: ${res.statusCode} ${ajv.errorsText()}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(answered).toBeGreaterThan(60);
  }, 120_000);
});
