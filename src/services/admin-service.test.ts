import { lastValueFrom, of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { createAdminService } from './admin-service.ts';

describe('admin service', () => {
  it('asks for the API reference as text, for the frame to show as it is', async () => {
    const page = '<!doctype html><html><head><title>API</title></head><body><h1>API</h1></body></html>';
    const get = vi.fn(() => of(page));
    const html = await lastValueFrom(createAdminService({ get } as unknown as ApiClient).apiReference());
    expect(get).toHaveBeenCalledWith('/docs', expect.anything(), { responseType: 'text' });
    expect(html).toBe(page);
  });
});
