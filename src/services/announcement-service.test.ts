import { defer, lastValueFrom } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from './api-client.ts';
import { createAnnouncementService, dismissedKey } from './announcement-service.ts';
import { memoryBacking } from './storage.ts';

function fakeApi(answers: (() => Promise<unknown>)[]) {
  const get = vi.fn(() => defer(() => answers.shift()!()));
  return { api: { get } as unknown as ApiClient, get };
}

describe('announcement service', () => {
  it('calls the server once per session and hides dismissed banners', async () => {
    const { api, get } = fakeApi([async () => [{ id: 1, text: 'A' }, { id: 2, text: 'B' }]]);
    const service = createAnnouncementService(api, memoryBacking());
    expect(await lastValueFrom(service.announcements(7))).toHaveLength(2);
    service.dismiss(7, 1);
    expect(await lastValueFrom(service.announcements(7))).toEqual([{ id: 2, text: 'B' }]);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('remembers a dismissal for that user across page loads (issue 39), not for another user', async () => {
    const storage = memoryBacking();
    const list = [{ id: 1, text: 'A' }, { id: 2, text: 'B' }];
    const first = createAnnouncementService(fakeApi([async () => list]).api, storage);
    await lastValueFrom(first.announcements(7));
    first.dismiss(7, 2);
    // A reload: a new service on the same storage.
    const again = createAnnouncementService(fakeApi([async () => list, async () => list]).api, storage);
    expect(await lastValueFrom(again.announcements(7))).toEqual([{ id: 1, text: 'A' }]);
    expect(await lastValueFrom(again.announcements(8))).toEqual(list);
  });

  it('forgets dismissals of announcements the server no longer lists', async () => {
    const storage = memoryBacking();
    storage.setItem(dismissedKey(7), JSON.stringify([1, 99]));
    const service = createAnnouncementService(fakeApi([async () => [{ id: 1, text: 'A' }, { id: 2, text: 'B' }]]).api, storage);
    expect(await lastValueFrom(service.announcements(7))).toEqual([{ id: 2, text: 'B' }]);
    expect(JSON.parse(storage.getItem(dismissedKey(7))!)).toEqual([1]);
  });

  it('takes stored junk as nothing dismissed; with no user known, remembers for the page only', async () => {
    const storage = memoryBacking();
    storage.setItem(dismissedKey(7), '{not json');
    const service = createAnnouncementService(fakeApi([async () => [{ id: 1, text: 'A' }]]).api, storage);
    expect(await lastValueFrom(service.announcements(7))).toHaveLength(1);
    service.dismiss(null, 1);
    expect(await lastValueFrom(service.announcements(null))).toEqual([]);
    expect(storage.getItem(dismissedKey(7))).toBe('{not json');
  });

  it('tries again after a failed load', async () => {
    const { api, get } = fakeApi([async () => Promise.reject(new ApiError(500, 'x')), async () => [{ id: 3, text: 'C' }]]);
    const service = createAnnouncementService(api, memoryBacking());
    await expect(lastValueFrom(service.announcements(7))).rejects.toThrow('x');
    expect(await lastValueFrom(service.announcements(7))).toEqual([{ id: 3, text: 'C' }]);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
