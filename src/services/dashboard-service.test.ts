import { describe, expect, it, vi } from 'vitest';
import type { DashboardPayload } from '../model/dashboard.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { createDashboardService } from './dashboard-service.ts';

const signal = new AbortController().signal;
const apiAnswering = (answer: () => Promise<unknown>) => ({ post: vi.fn(answer) }) as unknown as ApiClient & { post: ReturnType<typeof vi.fn> };

describe('dashboard service', () => {
  it('reads a 404 from monthly volume as the feature flag being off', async () => {
    const service = createDashboardService(apiAnswering(() => Promise.reject(new ApiError(404, 'Volume by month is not available.'))));
    expect(await service.monthlyVolume([1], signal)).toBeNull();
  });

  it('passes other monthly-volume failures on', async () => {
    const service = createDashboardService(apiAnswering(() => Promise.reject(new ApiError(500, 'boom'))));
    await expect(service.monthlyVolume([1], signal)).rejects.toThrow('boom');
  });

  it('sends the dashboard payload quietly, with the caller’s signal', async () => {
    const api = apiAnswering(() => Promise.resolve({}));
    const payload: DashboardPayload = { startDate: '2026-10-01', endDate: '2026-10-31', showRebates: 1, showDeviations: 0, merchants: [] };
    await createDashboardService(api).dashboard(payload, signal);
    expect(api.post).toHaveBeenCalledWith('/dashboard', expect.anything(), { signal, data: payload, quiet: true });
  });
});
