import { memoryBacking, type KeyValueStore } from './storage.ts';

/** The sections whose last page the portal goes back to (spec §2). */
export type PagedSection = 'intel' | 'insights';

/**
 * The tab's memory of the last page of each section: session storage, so a reload comes back to
 * it and a new tab or a new login starts at the section's first page.
 */
export function createPageStore(backing: KeyValueStore) {
  const key = (section: PagedSection) => `lastUrl.${section}`;
  return {
    lastUrl: (section: PagedSection): string | null => backing.getItem(key(section)),
    setLastUrl: (section: PagedSection, url: string) => backing.setItem(key(section), url),
    forget: () => (['intel', 'insights'] as const).forEach((section) => backing.removeItem(key(section))),
  };
}

export type PageStore = ReturnType<typeof createPageStore>;

export const memoryPageStore = () => createPageStore(memoryBacking());

// Resolved on each call so that importing this module outside a browser is safe.
export const browserPageStore = createPageStore({
  getItem: (key) => globalThis.sessionStorage?.getItem(key) ?? null,
  setItem: (key, value) => globalThis.sessionStorage?.setItem(key, value),
  removeItem: (key) => globalThis.sessionStorage?.removeItem(key),
});
