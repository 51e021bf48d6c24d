import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, compression, pickEncoding } from './compression.ts';

// Answers built for each request, as an uncached route's are.
const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Merchant ${i}`, volume: i * 12.5 }));
const app = Fastify();

beforeAll(async () => {
  await compression(app);
  app.get('/big', async () => ({ rows }));
  app.get('/small', async () => ({ ok: true }));
  app.get('/text', async (_request, reply) => reply.type('text/csv').send('x'.repeat(5000)));
  app.get('/pdf', async (_request, reply) => reply.type('application/pdf').send(Buffer.alloc(5000)));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, encoding?: string) => app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('JSON answers compressed as the caller accepts', () => {
  it('sends an uncached answer of 1 KB or more as brotli or gzip, the same JSON', async () => {
    const plain = await get('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const [br, gz] = [await get('/big', 'gzip, deflate, br'), await get('/big', 'gzip')];
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const r of [br, gz]) {
      expect(r.headers.vary).toContain('accept-encoding');
      expect(r.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ rows });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual({ rows });
  });

  it('compresses text too, and leaves a small answer, binary files and refused encodings plain', async () => {
    expect((await get('/text', 'gzip, br')).headers['content-encoding']).toBe('br');
    expect((await get('/small', 'gzip, br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/pdf', 'gzip, br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/big', 'identity')).headers['content-encoding']).toBeUndefined();
    expect((await get('/big', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('weighs the encodings as the header does', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(pickEncoding('br, gzip;q=0')).toBe('br');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('gzip;q=1, br;q=1')).toBe('br');
  });
});
