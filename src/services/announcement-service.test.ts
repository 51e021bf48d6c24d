import { defer, lastValueFrom } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from './api-client.ts';
import { createAnnouncementService } from './announcement-service.ts';

function fakeApi(answers: (() => Promise<unknown>)[]) {
  const get = vi.fn(() => defer(() => answers.shift()!()));
  return { api: { get } as unknown as ApiClient, get };
}

describe('announcement service', () => {
  it('calls the server once per session and hides dismissed banners', async () => {
    const { api, get } = fakeApi([async () => [{ id: 1, text: 'A' }, { id: 2, text: 'B' }]]);
    const service = createAnnouncementService(api);
    expect(await lastValueFrom(service.announcements())).toHaveLength(2);
    service.dismiss(1);
    expect(await lastValueFrom(service.announcements())).toEqual([{ id: 2, text: 'B' }]);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const { api, get } = fakeApi([async () => Promise.reject(new ApiError(500, 'x')), async () => [{ id: 3, text: 'C' }]]);
    const service = createAnnouncementService(api);
    await expect(lastValueFrom(service.announcements())).rejects.toThrow('x');
    expect(await lastValueFrom(service.announcements())).toEqual([{ id: 3, text: 'C' }]);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
