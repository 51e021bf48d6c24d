import { expect, type Page } from '@playwright/test';
import { test } from '../a11y-test.ts';
import type { AnyEventObject } from 'xstate';
import type { RegisteredMachine } from '../../../src/machines/registered-machine.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { cataloguePaths, endState, type CataloguePath } from '../../paths/catalogue-paths.ts';
import { stateCheck, stepWords } from '../../paths/step-words.ts';
import { holdCalls, type HeldCall } from './held-calls.ts';

/**
 * A registered machine mapped onto the real app: each event to what a user does, each state to
 * what the screen shows. `testModelPaths` runs the catalogue's paths through it in Chromium.
 */
export interface BrowserModel {
  /** The registered machine's name. */
  machine: string;
  /** Per starting situation (the registration's variant label): opens the app there. Paths of other variants are not run. */
  start: Readonly<Record<string, (page: Page) => Promise<void>>>;
  /** Requests of invoked actors (by actor id) held until the path settles them. */
  calls?: Readonly<Record<string, HeldCall>>;
  /** What a user does for each event type (a held call's done/error needs none). */
  events: Readonly<Record<string, (page: Page, event: AnyEventObject) => Promise<void>>>;
  /** What the screen shows in each state: assertions that fail otherwise. */
  states: Readonly<Record<string, (page: Page) => Promise<void>>>;
  /** Runs only the paths this accepts (default: every path the mapping covers). */
  only?: (path: CataloguePath) => boolean;
}

const actorEvent = (type: string) => /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type)?.[1];

export const registered = (name: string): RegisteredMachine => {
  const entry = MACHINES.find((m) => m.name === name);
  if (!entry) throw new Error(`No registered machine ${name}`);
  return entry;
};

/** The paths the mapping can run: a known start, a user action or held call per event, a check per state. */
export function runnablePaths(model: BrowserModel): CataloguePath[] {
  const mapped = (e: AnyEventObject) => e.type in model.events || (actorEvent(e.type) ?? '') in (model.calls ?? {});
  return cataloguePaths(registered(model.machine)).filter(
    (p) =>
      p.variant in model.start &&
      p.events.every(mapped) &&
      [p.start, ...p.states].every((s) => s in model.states) &&
      (model.only?.(p) ?? true),
  );
}

async function expectState(model: BrowserModel, page: Page, path: CataloguePath, step: number, state: string) {
  try {
    await model.states[state]!(page);
  } catch (error) {
    const where = step === 0 ? 'at the start' : `after step ${step}`;
    throw new Error(`Path ${path.id} ${where}: the screen is not in ${state} (${stateCheck(registered(model.machine), state)}).\n${(error as Error).message}`);
  }
}

/** Replays one path on `page`: start, then each step's action and the check of the state it reaches. */
export async function runPath(model: BrowserModel, page: Page, path: CataloguePath) {
  const entry = registered(model.machine);
  const calls = await holdCalls(page, model.calls ?? {});
  await model.start[path.variant]!(page);
  await expectState(model, page, path, 0, path.start);
  for (const [i, event] of path.events.entries()) {
    await test.step(`${i + 1}. ${stepWords(entry, event)} → ${path.states[i]}`, async () => {
      const id = actorEvent(event.type);
      if (id && calls.controls(id)) await calls.settle(id, event);
      else await model.events[event.type]!(page, event);
      await expectState(model, page, path, i + 1, path.states[i]!);
    });
  }
}

/** One Playwright test per runnable path, named by its id and the state it ends in. */
export function testModelPaths(model: BrowserModel) {
  const paths = runnablePaths(model);
  test.describe(`${model.machine} paths from the model`, () => {
    test('the mapping runs at least one path', () => expect(paths.length).toBeGreaterThan(0));
    for (const path of paths) {
      test(`${path.id} ends in ${endState(path)}`, async ({ page }) => runPath(model, page, path));
    }
  });
}
