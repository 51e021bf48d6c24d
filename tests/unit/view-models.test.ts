import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot } from 'xstate';
import { MACHINES } from '../../src/machines/registry.ts';
import type { RegisteredMachine } from '../../src/machines/registered-machine.ts';
import { cataloguePaths, endState, topState, type CataloguePath } from '../paths/catalogue-paths.ts';

/**
 * What each screen shows at the end of every path of QA's catalogue (docs/paths): the view models a registration names
 * (`views`), computed from the snapshot the path ends in. A view model is plain data a view maps to
 * components (no functions, no dates; a child actor handed to a sub-view is recorded as `actor:<id>`), the same for the same snapshot; the recorded
 * file says, for QA's paths, what the screen shows where each ends. A change of what a screen
 * shows changes that file: review it, then `npx vitest run -u tests/unit/view-models.test.ts`.
 */
const withViews = MACHINES.filter((entry) => entry.views && Object.keys(entry.views).length > 0);

/** The snapshot a catalogue path (docs/paths) ends in, replayed on the machine's pure transitions. */
function endOf(entry: RegisteredMachine, path: CataloguePath): AnyMachineSnapshot {
  const input = entry.variants.find((v) => v.label === path.variant)?.input?.();
  return path.events.reduce((snapshot, event) => getNextSnapshot(entry.machine, snapshot, event), getInitialSnapshot(entry.machine, input));
}

/** A view model may hand a sub-view its child actor: that is recorded by id, and the rest must be plain data. */
function refsNamed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(refsNamed);
  if (typeof value !== 'object' || value === null) return value;
  if ('send' in value && 'id' in value && typeof value.send === 'function') return `actor:${String(value.id)}`;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, refsNamed(v)]));
}

/** Plain data survives a JSON round trip unchanged (undefined fields aside). */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown;

describe('view models at the end of every generated path', () => {
  it('covers the machines of the screens that have one', () => {
    expect(withViews.map((e) => e.name).length).toBeGreaterThan(0);
  });

  for (const entry of withViews) {
    it(`${entry.name}: plain data, the same for the same snapshot, as recorded`, () => {
      const ends = cataloguePaths(entry).map((path) => {
        const end = endOf(entry, path);
        expect(topState(end.value), `${path.id} ends where the catalogue says`).toBe(endState(path));
        const views = Object.fromEntries(
          Object.entries(entry.views!).map(([name, select]) => {
            const view = refsNamed(select(end));
            expect(refsNamed(select(end)), `${path.id} ${name} twice`).toEqual(view);
            expect(plain(view), `${path.id} ${name} is plain data`).toEqual(view ?? null);
            return [name, view];
          }),
        );
        return [path.id, { state: end.value, views }];
      });
      expect(Object.fromEntries(ends)).toMatchSnapshot();
      // Generating the dashboard's catalogue alone takes seconds (what a user sees multiplies its states).
    }, 60_000);
  }
});
