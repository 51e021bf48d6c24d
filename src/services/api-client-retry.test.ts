// The HTTP helper's retries on a real loopback server: a try the server never answers (the
// socket destroyed, as when an API process is killed) or answers 502/503/504 is sent again; a
// write carries one Idempotency-Key for all its tries; answers (4xx, 500) are never retried.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as t from 'io-ts';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';

interface Try { method: string; url: string; key: string | undefined }
const tries: Try[] = [];
/** What the server does with try `n` (0-based) of a method and URL: 'reset' hangs up without an answer. */
let plan: (url: string, n: number) => number | 'reset' = () => 200;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const n = tries.filter((x) => x.url === req.url && x.method === req.method).length;
      tries.push({ method: req.method!, url: req.url!, key: req.headers['idempotency-key'] as string | undefined });
      const what = plan(req.url!, n);
      if (what === 'reset') return void req.socket.destroy();
      res.writeHead(what, { 'content-type': 'application/json' });
      res.end(JSON.stringify(what < 400 ? { id: n, name: 'ok' } : { message: `status ${what}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const Answer = t.type({ id: t.number, name: t.string });
const api = () => createApiClient({ getAuthKey: () => 'key-1', origin });
const triesOf = (url: string) => tries.filter((x) => x.url === `/api${url}`);
const outcome = (p: Promise<unknown>) => p.then((v) => v, (e: unknown) => e);
/** The first `failures` tries of every URL fail as given, the next ones answer 200. */
const failFirst = (failures: number, how: number | 'reset') => (plan = (_url, n) => (n < failures ? how : 200));

describe('retries of the HTTP helper', () => {
  it('sends a GET that got no answer again and gives the answer of the try that worked', async () => {
    failFirst(2, 'reset');
    expect(await firstValueFrom(api().get('/reset-get', Answer))).toEqual({ id: 2, name: 'ok' });
    expect(triesOf('/reset-get')).toHaveLength(3);
    expect(triesOf('/reset-get').every((x) => x.key === undefined)).toBe(true);
  });

  it.each([502, 503, 504])('retries a GET answered %i', async (status) => {
    failFirst(1, status);
    expect(await firstValueFrom(api().get(`/busy-${status}`, Answer))).toEqual({ id: 1, name: 'ok' });
    expect(triesOf(`/busy-${status}`)).toHaveLength(2);
  });

  it('gives up after 3 more tries, as a failure with no status', async () => {
    failFirst(99, 'reset');
    const error = await outcome(firstValueFrom(api().get('/never', Answer)));
    expect([error instanceof ApiError, (error as ApiError).status]).toEqual([true, 0]);
    expect(triesOf('/never')).toHaveLength(4);
  });

  it.each([400, 404, 409, 422, 500])('never retries a %i', async (status) => {
    failFirst(1, status);
    const error = await outcome(firstValueFrom(api().post(`/answered-${status}`, Answer, { data: {} })));
    expect((error as ApiError).status).toBe(status);
    expect(triesOf(`/answered-${status}`)).toHaveLength(1);
  });

  it('retries a read-only POST (the dashboard) without an idempotency key', async () => {
    failFirst(1, 'reset');
    await firstValueFrom(api().post('/dashboard', Answer, { data: { startDate: '2026-01-01' } }));
    expect(triesOf('/dashboard').map((x) => x.key)).toEqual([undefined, undefined]);
  });

  it('retries a write with the same Idempotency-Key on every try, and a new key for the next action', async () => {
    failFirst(2, 'reset');
    const client = api();
    await firstValueFrom(client.post('/announcement', Answer, { data: { text: 'hi' } }));
    const keys = triesOf('/announcement').map((x) => x.key);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    for (const verb of ['patch', 'put', 'delete'] as const) await firstValueFrom(client[verb]('/announcement', Answer));
    const all = triesOf('/announcement').map((x) => x.key);
    expect(all).toHaveLength(12); // 3 tries of each of the 4 actions (the first 2 of each failed)
    expect(new Set(all).size).toBe(4);
  });

  it('retries an upload (multipart) with its key', async () => {
    failFirst(1, 'reset');
    const form = new FormData();
    form.append('file', new Blob(['a,b\n1,2\n']), 'rows.csv');
    await firstValueFrom(api().post('/invoice/upload', Answer, { data: form, headers: { 'Content-Type': 'multipart/form-data' } }));
    const keys = triesOf('/invoice/upload').map((x) => x.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends nothing more once unsubscribed during a wait', async () => {
    failFirst(99, 'reset');
    const subscription = api().get('/left', Answer).subscribe({ error: () => undefined });
    for (let i = 0; i < 200 && triesOf('/left').length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    subscription.unsubscribe(); // the first wait is at least 100 ms
    await new Promise((r) => setTimeout(r, 1_000));
    expect(triesOf('/left')).toHaveLength(1);
  });
});
