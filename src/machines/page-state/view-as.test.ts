import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../services/api-client.ts';
import { createViewAs } from './view-as.ts';

describe('view as', () => {
  it('adds X-View-As to every call while a user is chosen, and nothing once cleared', () => {
    let provider: () => Record<string, string> = () => ({ unset: 'yes' });
    const api = { setHeaderProvider: (fn: typeof provider) => void (provider = fn) } as unknown as ApiClient;
    const viewAs = createViewAs(api);
    expect(provider()).toEqual({});
    viewAs.set(3);
    expect([viewAs.get(), provider()]).toEqual([3, { 'X-View-As': '3' }]);
    viewAs.clear();
    expect([viewAs.get(), provider()]).toEqual([null, {}]);
  });
});
