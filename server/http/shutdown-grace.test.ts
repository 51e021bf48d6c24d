import net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { cutConnectionsAfter } from './shutdown-grace.ts';

/** A caller that sent half a request and went quiet: Node counts its socket busy until the headers timeout. */
async function halfRequest(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n');
  socket.on('error', () => undefined);
  return socket;
}

describe('closing the server', () => {
  const sockets: net.Socket[] = [];
  afterEach(() => sockets.splice(0).forEach((s) => s.destroy()));

  it('cuts a connection still busy after the grace, instead of waiting for its timeout', async () => {
    const app = Fastify({ http: { headersTimeout: 30_000 } });
    cutConnectionsAfter(app, 200);
    await app.listen({ port: 0, host: '127.0.0.1' });
    sockets.push(await halfRequest((app.server.address() as net.AddressInfo).port));
    const t0 = performance.now();
    await app.close();
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it('lets a request in flight finish within the grace', async () => {
    const app = Fastify();
    cutConnectionsAfter(app, 5_000);
    let arrived!: () => void;
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', async () => {
      arrived();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = fetch(`http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/slow`).then((r) => r.json());
    // In flight means in its handler: a request that reached the server only after the close began is refused (503) by design.
    await inHandler;
    const t0 = performance.now();
    await app.close();
    expect(await answer).toEqual({ done: true });
    // Closed once the answer was sent, not at the end of the grace.
    expect(performance.now() - t0).toBeLessThan(2_500);
  });
});
