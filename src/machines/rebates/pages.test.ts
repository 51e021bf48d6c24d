import { describe, expect, it } from 'vitest';
import { findPage } from '../shell/page-registry.ts';
import type { PageRoute } from '../shell/page-spec.ts';
import { itemMatchMachine } from './item-match.ts';
import { rebatesPages } from './pages.ts';

const routeOf = (pathname: string) => {
  const found = findPage(pathname, rebatesPages)!;
  return { key: found.key, spec: found.spec, route: { params: found.params } as unknown as PageRoute };
};

describe('the similar-items page', () => {
  it('asks for the item the route names; another MIN or manufacturer is another instance', async () => {
    const page = routeOf('/rebates/matches/Widget%20one/21000123/MF-000001/7');
    expect(page.key).toBe('rebatesSimilarItems');
    expect(await page.spec.load()).toBe(itemMatchMachine);
    expect(page.spec.input?.(page.route)).toEqual({ key: { min: '21000123', manufacturerPlatformId: 'MF-000001' } });
    const renamed = routeOf('/rebates/matches/Other%20name/21000123/MF-000001/8');
    const other = routeOf('/rebates/matches/Widget%20one/21000456/MF-000001/7');
    expect(page.spec.instance?.(renamed.route)).toBe(page.spec.instance?.(page.route));
    expect(page.spec.instance?.(other.route)).not.toBe(page.spec.instance?.(page.route));
  });

  it('keeps /rebates/list as the rebates page', () => {
    expect(routeOf('/rebates/list').key).toBe('rebates');
  });
});
