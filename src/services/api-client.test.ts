import * as t from 'io-ts';
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, DecodeError, type TransferEvent } from './api-client.ts';
import { startLoopbackServer, until } from '../../tests/support/loopback-server.ts';

let server: Awaited<ReturnType<typeof startLoopbackServer>>;
beforeAll(async () => {
  server = await startLoopbackServer((url, body) => {
    if (url === '/api/wrong-shape') return [200, { id: 'seven' }];
    if (url === '/api/expired') return [401, { message: 'Session expired' }];
    if (url === '/api/upload') return [200, { id: 1, bytes: body.length }];
    const version = /^\/api\/versioned\/(\d+)$/.exec(url);
    if (version) return [200, { id: 1, name: 'v' }, { 'X-Data-Version': version[1]! }];
    return null;
  });
});
afterAll(() => server.close());

const User = t.type({ id: t.number, name: t.string });
const client = () => createApiClient({ getAuthKey: () => 'key-1', origin: server.origin });

describe('the HTTP helper', () => {
  it('is cold: nothing is sent until subscribed, then one decoded answer with the bearer key', async () => {
    const api = client();
    const before = server.seen.length;
    const user$ = api.get('/user', User);
    await new Promise((r) => setTimeout(r, 30));
    expect(server.seen.length).toBe(before);
    expect(await lastValueFrom(user$.pipe(toArray()))).toEqual([{ id: 7, name: 'Lena' }]);
    expect(server.seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/user', auth: 'Bearer key-1' });
  });

  it('sends back the highest data version any answer carried, so a replica never shows older data', async () => {
    const api = client();
    const sent = async (url: string) => {
      await firstValueFrom(api.get(url, User));
      return server.seen.at(-1)!.dataVersion;
    };
    expect(await sent('/user')).toBeUndefined();
    expect(await sent('/versioned/41')).toBeUndefined();
    expect(await sent('/user')).toBe('41');
    // An older answer (a replica behind) does not lower it.
    await sent('/versioned/40');
    expect(await sent('/user')).toBe('41');
    await sent('/versioned/42');
    expect(await sent('/user')).toBe('42');
  });

  it('aborts the request on the server when unsubscribed', async () => {
    const api = client();
    const subscription = api.get('/slow', User).subscribe();
    await until(() => server.seen.some((s) => s.url === '/api/slow'));
    expect(server.hungUp).toEqual([]);
    subscription.unsubscribe();
    await until(() => server.hungUp.length > 0);
    expect(server.hungUp).toEqual(['/api/slow']);
  });

  it('fails with a clear DecodeError when the answer does not match its codec', async () => {
    const error = await firstValueFrom(client().get('/wrong-shape', User)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as Error).message).toMatch(/^Unexpected response from GET \/api\/wrong-shape: id must be number/);
  });

  it("turns a 401 into ApiError and announces it, unless the call expects one (login's wrong password)", async () => {
    const api = client();
    const announced: unknown[] = [];
    api.unauthorized$.subscribe((x) => announced.push(x));
    const error = await firstValueFrom(api.get('/expired', User)).catch((e: unknown) => e);
    expect([error instanceof ApiError, (error as ApiError).status, (error as ApiError).message]).toEqual([true, 401, 'Session expired']);
    expect(announced).toHaveLength(1);
    await firstValueFrom(api.get('/expired', User, { ignoreUnauthorized: true })).catch(() => null);
    expect(announced).toHaveLength(1);
  });

  it('counts running calls for the spinner (+1, -1, also when aborted), but not quiet ones', async () => {
    const api = client();
    const activity: number[] = [];
    api.activity$.subscribe((d) => activity.push(d));
    await lastValueFrom(api.get('/user', User));
    await lastValueFrom(api.get('/user', User, { quiet: true }));
    const running = api.get('/slow', User).subscribe();
    expect(activity).toEqual([1, -1, 1]);
    running.unsubscribe();
    expect(activity).toEqual([1, -1, 1, -1]);
  });

  it('reports upload progress as values of the stream, then the answer', async () => {
    const api = client();
    const data = 'x'.repeat(256 * 1024);
    const events = await lastValueFrom(
      api.withProgress('post', '/upload', t.type({ id: t.number, bytes: t.number }), { data, headers: { 'Content-Type': 'text/plain' } }).pipe(toArray()),
    );
    const progress = events.filter((e): e is Extract<TransferEvent<unknown>, { type: 'progress' }> => e.type === 'progress' && e.direction === 'upload');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.progress.loaded).toBe(data.length);
    expect(events.at(-1)).toEqual({ type: 'done', value: { id: 1, bytes: data.length } });
  });
});
