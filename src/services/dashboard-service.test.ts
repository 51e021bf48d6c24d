import { defer, lastValueFrom } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardPayload } from '../model/dashboard.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { createDashboardService } from './dashboard-service.ts';

const apiAnswering = (answer: () => Promise<unknown>) => ({ post: vi.fn(() => defer(answer)) }) as unknown as ApiClient & { post: ReturnType<typeof vi.fn> };

describe('dashboard service', () => {
  it('reads a 404 from monthly volume as the feature flag being off', async () => {
    const service = createDashboardService(apiAnswering(() => Promise.reject(new ApiError(404, 'Volume by month is not available.'))));
    expect(await lastValueFrom(service.monthlyVolume([1]))).toBeNull();
  });

  it('passes other monthly-volume failures on', async () => {
    const service = createDashboardService(apiAnswering(() => Promise.reject(new ApiError(500, 'boom'))));
    await expect(lastValueFrom(service.monthlyVolume([1]))).rejects.toThrow('boom');
  });

  it('sends the dashboard payload quietly', async () => {
    const api = apiAnswering(() => Promise.resolve({}));
    const payload: DashboardPayload = { startDate: '2026-10-01', endDate: '2026-10-31', showRebates: 1, showDeviations: 0, merchants: [] };
    await lastValueFrom(createDashboardService(api).dashboard(payload));
    expect(api.post).toHaveBeenCalledWith('/dashboard', expect.anything(), { data: payload, quiet: true });
  });
});
