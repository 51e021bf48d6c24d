import { describe, expect, it } from 'vitest';
import { cataloguePaths } from '../paths/catalogue-paths.ts';
import { pathId, uniqueIds } from '../paths/path-id.ts';
import { doorRegistration } from './path-fixtures.ts';

describe('QA path ids', () => {
  it('are a short hash of the machine, variant, start and events, not a position', () => {
    const ids = cataloguePaths(doorRegistration()).map((p) => p.id);
    expect(ids.every((id) => /^door\/[0-9a-f]{8}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('survive an unrelated edit: a new state and its events leave every earlier path its id', () => {
    const before = cataloguePaths(doorRegistration());
    const after = cataloguePaths(doorRegistration({ withAlarm: true }));
    const byId = new Map(after.map((p) => [p.id, p]));
    for (const p of before) expect(byId.get(p.id)?.events, p.id).toEqual(p.events);
    expect(after.length).toBeGreaterThan(before.length);
  });

  it('change with the event data, the start or the machine', () => {
    const base = { machine: 'door', variant: 'a closed door', start: 'closed', events: [{ type: 'door.lock', code: 1234 }] };
    const id = pathId(base);
    expect(pathId({ ...base })).toBe(id);
    expect(pathId({ ...base, events: [{ type: 'door.lock', code: 1 }] })).not.toBe(id);
    expect(pathId({ ...base, variant: 'another' })).not.toBe(id);
    expect(pathId({ ...base, machine: 'gate' })).not.toMatch(/^door\//);
    // Key order of an event does not matter; its data does.
    expect(pathId({ ...base, events: [{ code: 1234, type: 'door.lock' }] })).toBe(id);
  });

  it('a repeated id gets a suffix rather than clashing', () => {
    expect(uniqueIds(['a/1', 'a/2', 'a/1'])).toEqual(['a/1', 'a/2', 'a/1-2']);
  });
});
