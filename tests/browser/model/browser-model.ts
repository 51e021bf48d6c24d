import { expect, type Page } from '@playwright/test';
import { test } from '../a11y-test.ts';
import { cataloguePaths, endState, type CataloguePath } from '../../paths/catalogue-paths.ts';
import { stateCheck, stepWords } from '../../paths/step-words.ts';
import { holdCalls } from './held-calls.ts';
import { heldCallOf, registered, runnablePaths, whyNotRunnable, type BrowserModel } from './runnable-paths.ts';

export { registered, runnablePaths, type BrowserModel } from './runnable-paths.ts';

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
  const settled = new Set(path.events.map((e) => heldCallOf(model, e.type)));
  const calls = await holdCalls(page, Object.fromEntries(Object.entries(model.calls ?? {}).filter(([id, call]) => !call.onlyInPathsSettlingIt || settled.has(id))));
  await model.start[path.variant]!(page, calls);
  await expectState(model, page, path, 0, path.start);
  for (const [i, event] of path.events.entries()) {
    await test.step(`${i + 1}. ${stepWords(entry, event)} → ${path.states[i]}`, async () => {
      const id = heldCallOf(model, event.type);
      if (id && calls.controls(id)) await calls.settle(id, event);
      else await model.events[event.type]!(page, event);
      await expectState(model, page, path, i + 1, path.states[i]!);
    });
  }
}

/**
 * One Playwright test per runnable path, named by its id and the state it ends in; a first test
 * counts the paths the mapping skips, by why (tests/unit/browser-coverage.test.ts holds a card
 * flow's coverage to its committed figure).
 */
export function testModelPaths(model: BrowserModel) {
  const paths = runnablePaths(model);
  const all = cataloguePaths(registered(model.machine));
  const skipped = new Map<string, number>();
  for (const why of all.map((p) => whyNotRunnable(model, p))) if (why) skipped.set(why, (skipped.get(why) ?? 0) + 1);
  test.describe(`${model.machine} paths from the model`, () => {
    test(`the mapping replays ${paths.length} of ${all.length} paths`, () => {
      for (const [why, count] of skipped) test.info().annotations.push({ type: 'skipped paths', description: `${count}: ${why}` });
      expect(paths.length).toBeGreaterThan(0);
    });
    for (const path of paths) {
      test(`${path.id} ends in ${endState(path)}`, async ({ page }) => runPath(model, page, path));
    }
  });
}
