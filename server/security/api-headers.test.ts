// Spec: accounts-and-administration.md §7 The calls it makes: answers carrying auth keys or personal data must never be stored by a
// browser or a proxy; and a hostile feedback comment is data, kept as typed and shown nowhere raw.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { callAs, loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

describe.each(testTargets())('API answers on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let leader = '';

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    leader = await loginToken(app, 'leader@harbor.test');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('carry Cache-Control: no-store, whatever the outcome', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leader@harbor.test', password: 'portal-demo' }, remoteAddress: '10.77.0.1' }),
      callAs(app, leader).get('/user'),
      callAs(app, leader).get('/user/all'),
      app.inject({ method: 'GET', url: '/api/user' }), // 401
      callAs(app, leader).get('/no-such-call'), // 404
      callAs(app, leader).post('/dashboard', { startDate: 'x' }), // 400
      app.inject({ method: 'GET', url: '/api/status' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 404, 400, 200]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
  });

  it('keeps a hostile feedback comment exactly as typed, and no answer about similar items carries it', async () => {
    const { rows: [item] } = await db.pool.query<{ min: string; mpid: string }>(
      `select i.min, m.platform_id as mpid from items i join manufacturers m on m.id = i.manufacturer_id order by i.id limit 1`);
    const { rows: [other] } = await db.pool.query<{ min: string }>(`select min from items order by id desc limit 1`);
    const comment = '<img src=x onerror="alert(document.cookie)"><script>alert(1)</script>';
    const sent = await callAs(app, leader).post('/match/feedback', { min: item!.min, badMatchMin: other!.min, comment });
    expect(sent.statusCode, sent.body).toBe(201);
    const { rows: [stored] } = await db.pool.query('select comment from match_feedback where id = $1', [sent.json().id]);
    expect(stored!.comment).toBe(comment);
    const similar = await callAs(app, leader).post('/full-rebate-deviation/matches', { min: item!.min, manufacturerPlatformId: item!.mpid });
    expect(similar.statusCode).toBe(200);
    expect(similar.body).not.toContain('onerror');
  });
});
