import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_EXPIRED, TOKEN_REFUSED } from '../auth/microsoft.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { testApp } from '../testing/test-app.ts';
import { MICROSOFT_DISABLED, noAccountFor } from './auth-microsoft.ts';

const CLIENT_ID = '11111111-2222-3333-4444-555555555555';
const TENANT_ID = '99999999-8888-7777-6666-555555555555';
const ISSUER = `https://login.microsoftonline.com/${TENANT_ID}/v2.0`;

/** Plays Microsoft's key endpoint on loopback: the JWKS with the tenant's public key. */
async function serveJwks(jwks: object) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/keys`, close: () => server.close() };
}

describe.each(testTargets())('Microsoft sign-in on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let jwks: Awaited<ReturnType<typeof serveJwks>>;
  let tenantKey: CryptoKey;
  let strangerKey: CryptoKey;

  type Claims = { email?: string; aud?: string; iss?: string; expiresIn?: string | number; key?: CryptoKey; kid?: string };
  const token = ({ email = 'leader@harbor.test', aud = CLIENT_ID, iss = ISSUER, expiresIn = '1h', key = tenantKey, kid = 'tenant-key' }: Claims = {}) =>
    new SignJWT({ preferred_username: email, name: 'Lena Leader', tid: TENANT_ID })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setAudience(aud)
      .setIssuer(iss)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(key);
  const signIn = (payload: object, on = app) => on.inject({ method: 'POST', url: '/api/auth/microsoft', payload });
  const body = (accessToken: string, email = 'leader@harbor.test') =>
    ({ accessToken, tenantId: TENANT_ID, tokenType: 'Bearer', name: 'Lena Leader', email, switchingDist: false });
  const sessions = async () => Number((await db.pool.query('select count(*) from auth_sessions')).rows[0].count);

  beforeAll(async () => {
    const tenant = await generateKeyPair('RS256');
    tenantKey = tenant.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    jwks = await serveJwks({ keys: [{ ...(await exportJWK(tenant.publicKey)), kid: 'tenant-key', alg: 'RS256', use: 'sig' }] });
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool, {
      azure: { clientId: CLIENT_ID, tenantId: TENANT_ID, audience: CLIENT_ID, issuer: ISSUER, jwksUrl: jwks.url, scope: `api://${CLIENT_ID}/access_as_user` },
    }));
  });
  afterAll(async () => {
    await app?.close();
    jwks?.close();
    await db?.drop();
  });

  it('tells the login page the client id, tenant and the API scope to ask for', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/microsoft/config' });
    expect(res.json()).toEqual({ enabled: true, clientId: CLIENT_ID, tenantId: TENANT_ID, scopes: [`api://${CLIENT_ID}/access_as_user`] });
  });

  it('logs the demo leader in with a token signed by the tenant key, like a password login', async () => {
    const res = await signIn(body(await token()));
    expect(res.statusCode).toBe(200);
    const { authKey, user } = res.json();
    expect(user).toMatchObject({ email: 'leader@harbor.test', title: 'Leadership', activeDistributor: { nickname: 'Harbor Foods Boston' } });
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${authKey}` } });
    expect(me.json().email).toBe('leader@harbor.test');
  });

  it('matches the token email to the account in any case', async () => {
    const res = await signIn(body(await token({ email: 'Ops@Summit.TEST' })));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('ops@summit.test');
  });

  it('takes the email from the token, never from the body', async () => {
    const res = await signIn(body(await token({ email: 'rep@harbor.test' }), 'admin@portal.test'));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('rep@harbor.test');
  });

  it.each([
    ['signed by another key', () => token({ key: strangerKey }), TOKEN_REFUSED],
    ['signed by another key under the tenant key id', () => token({ key: strangerKey, kid: 'tenant-key' }), TOKEN_REFUSED],
    ['for another audience', () => token({ aud: 'https://graph.microsoft.com' }), TOKEN_REFUSED],
    ['from another issuer', () => token({ iss: 'https://login.microsoftonline.com/other-tenant/v2.0' }), TOKEN_REFUSED],
    ['expired', () => token({ expiresIn: Math.floor(Date.now() / 1000) - 3600 }), TOKEN_EXPIRED],
    ['not a token at all', async () => 'x'.repeat(40), TOKEN_REFUSED],
  ])('refuses a token %s with 401 and opens no session', async (_name, make, message) => {
    const before = await sessions();
    const res = await signIn(body(await make()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message });
    expect(await sessions()).toBe(before);
  });

  it('refuses a verified email that has no portal account', async () => {
    const res = await signIn(body(await token({ email: 'stranger@contoso.test' })));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: noAccountFor('stranger@contoso.test') });
  });

  it('refuses deactivated and not-yet-activated accounts with a readable message', async () => {
    await db.pool.query(`update users set deactivated_at = now() where email = 'dm@harbor.test'`);
    try {
      const res = await signIn(body(await token({ email: 'dm@harbor.test' })));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/deactivated/);
    } finally {
      await db.pool.query(`update users set deactivated_at = null where email = 'dm@harbor.test'`);
    }
    const pending = (await db.pool.query(`select email from users where activated_at is null and deactivated_at is null limit 1`)).rows[0].email;
    const res = await signIn(body(await token({ email: pending })));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/activate your account/);
  });

  it.each([
    ['no body fields', {}, /accessToken is required/],
    ['a number for the token', { accessToken: 42 }, /accessToken must be a token/],
    ['a string for switchingDist', { accessToken: 'x'.repeat(40), switchingDist: 'yes' }, /switchingDist must be/],
    ['an array body', [1], /must be/],
  ])('rejects %s with a 400', async (_name, payload, message) => {
    const res = await signIn(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 503 and says so when Microsoft sign-in is not configured', async () => {
    const { app: plain } = await testApp(db.pool, { azure: null });
    try {
      expect((await plain.inject({ method: 'GET', url: '/api/auth/microsoft/config' })).json()).toEqual({ enabled: false });
      const res = await signIn(body(await token()), plain);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: MICROSOFT_DISABLED });
    } finally {
      await plain.close();
    }
  });

  it('is refused in maintenance mode like the password login, while its config stays readable', async () => {
    await db.pool.query(`update app_settings set value = 'true' where key = 'maintenance'`);
    const { app: down } = await testApp(db.pool, { azure: { clientId: CLIENT_ID, tenantId: TENANT_ID, audience: CLIENT_ID, issuer: ISSUER, jwksUrl: jwks.url, scope: 's' } });
    try {
      expect((await signIn(body(await token()), down)).statusCode).toBe(503);
      expect((await down.inject({ method: 'GET', url: '/api/auth/microsoft/config' })).statusCode).toBe(200);
    } finally {
      await db.pool.query(`update app_settings set value = 'false' where key = 'maintenance'`);
      await down.close();
    }
  });

  it('serves the MSAL redirect page without Cross-Origin-Opener-Policy, and other pages with it', async () => {
    const bridge = await app.inject({ method: 'GET', url: '/microsoft-redirect?code=abc' });
    expect(bridge.headers['cross-origin-opener-policy']).toBeUndefined();
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
