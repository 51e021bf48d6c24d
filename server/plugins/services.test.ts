import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { tokenSigner } from '../auth/tokens.ts';
import { readConfig } from '../config.ts';
import { makeDeps } from '../deps.ts';
import { createMailer } from '../mail/mailer.ts';
import { routesUsing, servicePlugins, SERVICE_GROUPS } from './services.ts';

// No query runs here: a pool connects only when asked to.
const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
const config = readConfig({});
const deps = makeDeps(config, pool, tokenSigner('a-secret-that-is-long-enough-for-hs256-signing'), createMailer({ smtpUrl: undefined, from: config.mail.from, outboxDir: '/nonexistent', log: () => {} }));
afterAll(() => pool.end());

async function appWithServices() {
  const app = Fastify();
  for (const services of servicePlugins(deps)) await app.register(services);
  return app;
}

describe('services as plugins', () => {
  it('decorate the instance with every service, each by its group, and nothing else', async () => {
    const app = await appWithServices();
    await app.ready();
    for (const [member, value] of Object.entries(deps)) expect(app[member as keyof typeof app], member).toBe(value);
    const grouped = Object.values(SERVICE_GROUPS).flat();
    expect(new Set(grouped).size, 'a service in two groups').toBe(grouped.length);
    expect(grouped.toSorted()).toEqual(Object.keys(deps).toSorted());
    await app.close();
  });

  it('a route plugin that names a service nobody decorated does not register', async () => {
    const app = Fastify();
    await app.register(servicePlugins(deps)[0]!);
    app.register(routesUsing(['users'], async (scoped) => void scoped.get('/x', async () => 'x')));
    await expect(app.ready()).rejects.toThrow(/users/);
  });

  it('a route plugin sees the services it names, and its hooks stay its own', async () => {
    const app = await appWithServices();
    let seen: unknown;
    await app.register(routesUsing(['users'], async (scoped) => {
      seen = scoped.users;
      scoped.addHook('onRequest', async (_request, reply) => void reply.header('x-inside', '1'));
      scoped.get('/inside', async () => 'in');
    }));
    app.get('/outside', async () => 'out');
    expect(seen).toBe(deps.users);
    expect((await app.inject('/inside')).headers['x-inside']).toBe('1');
    expect((await app.inject('/outside')).headers['x-inside']).toBeUndefined();
    await app.close();
  });

  it('route files take the services they name from the instance, never the whole set', () => {
    const dir = path.join(import.meta.dirname, '../routes');
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(text, `${file} reads the whole set of services`).not.toMatch(/\bdeps\.(?!ts')|\bDeps\b|\{ deps\b/);
    }
  });
});
