import http from 'node:http';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { clientGone } from './client-gone.ts';

describe('clientGone', () => {
  const app = Fastify();
  const seen: string[] = [];
  app.get('/slow', async (_request, reply) => {
    const signal = clientGone(reply);
    await new Promise((resolve) => setTimeout(resolve, 300));
    seen.push(signal.aborted ? 'aborted' : 'answered');
    return { ok: true };
  });
  afterAll(() => app.close());

  it('aborts when the caller closes the connection before the answer, and not when it waits for it', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const left = http.get({ port, host: '127.0.0.1', path: '/slow' });
    left.on('error', () => undefined);
    setTimeout(() => left.destroy(), 50);
    const waited = await fetch(`http://127.0.0.1:${port}/slow`);
    expect(await waited.json()).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.sort()).toEqual(['aborted', 'answered']);
  });
});
