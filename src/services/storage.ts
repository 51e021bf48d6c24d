import { decode } from '../model/codec.ts';
import { SessionUser } from '../model/session-user.ts';

/** The browser storage keys of spec §7. */
export const STORAGE_KEYS = ['authKey', 'resetKey', 'userData', 'adminUserData'] as const;
type Key = (typeof STORAGE_KEYS)[number];

/** The part of the Web Storage API we use, so tests can pass a Map-backed one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryBacking(initial: Partial<Record<Key, string>> = {}): KeyValueStore {
  const map = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function readUser(raw: string | null): SessionUser | null {
  if (raw === null) return null;
  try {
    const result = decode(SessionUser, JSON.parse(raw));
    // Stale or tampered data counts as absent rather than crashing the app later.
    return result.ok ? result.value : null;
  } catch {
    return null;
  }
}

function parsed(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
const readFlag = (raw: string | null) => raw !== null && parsed(raw).testingEnabled === true;

export function createSessionStore(backing: KeyValueStore) {
  return {
    getAuthKey: () => backing.getItem('authKey'),
    setAuthKey: (value: string) => backing.setItem('authKey', value),
    getResetKey: () => backing.getItem('resetKey'),
    setResetKey: (value: string) => backing.setItem('resetKey', value),
    getUser: () => readUser(backing.getItem('userData')),
    setUser: (user: SessionUser) => backing.setItem('userData', JSON.stringify(user)),
    getAdminUser: () => readUser(backing.getItem('adminUserData')),
    // The testing flag stays with the admin data when the admin's own user is stored again.
    setAdminUser: (user: SessionUser) => {
      const raw = backing.getItem('adminUserData');
      const testing = raw !== null && parsed(raw).testingEnabled === true;
      backing.setItem('adminUserData', JSON.stringify(testing ? { ...user, testingEnabled: true } : user));
    },
    /** The admin panel's testing flag, kept in the stored admin data (analytics spec §6: testingEnabled). */
    getTestingEnabled: () => readFlag(backing.getItem('adminUserData')),
    setTestingEnabled: (on: boolean) => {
      const raw = backing.getItem('adminUserData');
      backing.setItem('adminUserData', JSON.stringify({ ...(raw ? parsed(raw) : {}), testingEnabled: on }));
    },
    clearAll: () => STORAGE_KEYS.forEach((key) => backing.removeItem(key)),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

// Resolved on each call so that importing this module outside a browser (tests, catalogue) is safe.
export const browserBacking: KeyValueStore = {
  getItem: (key) => globalThis.localStorage?.getItem(key) ?? null,
  setItem: (key, value) => globalThis.localStorage?.setItem(key, value),
  removeItem: (key) => globalThis.localStorage?.removeItem(key),
};

export const browserStore = createSessionStore(browserBacking);
