import http from 'node:http';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { clientGone } from './client-gone.ts';

describe('clientGone', () => {
  const app = Fastify();
  const seen: string[] = [];
  // The first caller leaves only once its request is being handled (a fixed delay raced the
  // server on a busy machine: a connection cut before the handler ran is no abort to see).
  let arrived = () => {};
  const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/slow', async (_request, reply) => {
    const signal = clientGone(reply);
    arrived();
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
    await firstArrived;
    left.destroy();
    const waited = await fetch(`http://127.0.0.1:${port}/slow`);
    expect(await waited.json()).toEqual({ ok: true });
    await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(2);
    expect(seen.sort()).toEqual(['aborted', 'answered']);
  });
});
