// Every browser test's `test`: the same as Playwright's, with its page checked by axe-core at
// each screenshot (the screens a test stops to look at) and on the screen it ends on. Each distinct
// screen is audited once per run, by the test (of any worker) that meets it first: a serious or
// critical violation fails that test, naming the screen, the rule and the elements.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test as base } from './portal-fixture.ts';
import { A11Y_ANNOTATION } from './failure-summary.ts';
import { dataRoot } from './portal-data.ts';

const FAILING = new Set(['serious', 'critical']);
/**
 * Mantine's select lists scroll inside the listbox and are worked from the input (arrow keys move
 * the active option, announced through aria-activedescendant); axe cannot see that and asks for a
 * focusable scrolling region, which a listbox may not contain.
 */
const keyboardReachable = (rule: string, target: string) => rule === 'scrollable-region-focusable' && target.includes('mantine-ScrollArea-viewport');

/**
 * The screens this run has audited, one marker file each, shared by the workers: an audit takes
 * 1–7 s on a long table, and the same screen met again by another test, in any worker, is the
 * same markup with other data (a set per worker audited each screen up to three times: 159
 * audits in one run). The run's data folder is emptied as each run starts (playwright.config.ts).
 */
const AUDITED_DIR = path.join(dataRoot(), 'a11y-audited');
const marker = (key: string) => path.join(AUDITED_DIR, crypto.createHash('sha256').update(key).digest('hex').slice(0, 24));
const audited = {
  has: (key: string) => fs.existsSync(marker(key)),
  /** Takes the screen for this test: false when a test (of any worker) already has. */
  claim(key: string): boolean {
    fs.mkdirSync(AUDITED_DIR, { recursive: true });
    try {
      fs.writeFileSync(marker(key), key, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  },
};

const BUSY = '[aria-busy="true"], [aria-label^="Loading"]';

/**
 * Waits until the screen is settled: nothing loading (the app-wide spinner's and a table's
 * `aria-busy`, the loaders and skeletons labelled Loading…), no CSS transition running, and no DOM
 * change for 100 ms (a dialog caught mid-render has no title yet, which axe reports). A screen
 * still loading after that is audited as it is, as its own screen (the key says busy).
 */
async function settle(page: Page): Promise<boolean> {
  return page
    .waitForFunction(
      (BUSY) => {
        const w = window as unknown as { lastChange?: number };
        if (w.lastChange === undefined) {
          w.lastChange = performance.now();
          new MutationObserver(() => (w.lastChange = performance.now())).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        }
        const busy = [...document.querySelectorAll(BUSY)].some((el) => el.checkVisibility());
        const moving = document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running');
        return !busy && !moving && performance.now() - w.lastChange >= 100;
      },
      BUSY,
      { polling: 50, timeout: 5_000 },
    )
    .then(() => true, () => false);
}

/**
 * Waits (at most 2 s) for the CSS transitions a change just started to end: a screen already
 * audited is not settled again, and a viewport just made a phone's slides the side menu away
 * (a photo taken then showed the page half off the screen).
 */
async function transitionsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => new Promise<boolean>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() =>
        resolve(!document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'))))),
      undefined,
      { polling: 50, timeout: 2_000 },
    )
    .catch(() => undefined);
}

/** What makes a screen distinct: its path (ids and link tokens as `:param`), the open dialogs and menus by name, phone or desktop, and whether it is still loading. */
async function screenKey(page: Page): Promise<string> {
  const { path, open, busy, width } = await page.evaluate((BUSY) => {
    const named = (el: Element) =>
      el.getAttribute('aria-label') ??
      (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .join(' ')
        .trim();
    const layers = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')].filter((el) => el.checkVisibility());
    return {
      path: location.pathname,
      open: layers.map((el) => `${el.getAttribute('role')} "${named(el)}"`),
      busy: [...document.querySelectorAll(BUSY)].some((el) => el.checkVisibility()),
      width: window.innerWidth,
    };
  }, BUSY);
  const screen = path
    .split('/')
    .map((part) => (/\d/.test(part) || part.length >= 32 ? ':param' : part))
    .join('/');
  return [screen, ...open, width < 768 ? 'phone' : 'desktop', ...(busy ? ['busy'] : [])].join(' · ');
}

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    // No transitions: a screen is checked (and photographed) as it settles, not mid-fade.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const found: string[] = [];
    let stops = 0;
    let audits = 0;
    let unsettled = 0;
    const audit = async () => {
      if (page.isClosed() || page.url() === 'about:blank') return;
      stops++;
      // A screen already audited needs no settling either (a path may end on a held call's spinner).
      if (audited.has(await screenKey(page))) return;
      const settled = await settle(page);
      if (!settled) unsettled++;
      const key = await screenKey(page);
      if (process.env.A11Y_DEBUG) console.log(`a11y ${audited.has(key) ? 'seen' : 'audit'}${settled ? '' : ' (unsettled)'}: ${key}`);
      if (!audited.claim(key)) return;
      audits++;
      // A frame sandboxed without scripts (the API reference, a page the server draws) cannot run axe: waiting for it hangs.
      const { violations } = await new AxeBuilder({ page }).exclude('iframe[sandbox=""]').analyze();
      for (const v of violations) {
        if (!FAILING.has(v.impact ?? '') || v.nodes.every((n) => keyboardReachable(v.id, n.target.join(' ')))) continue;
        const where = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
        const why = [...(v.nodes[0]?.any ?? []), ...(v.nodes[0]?.all ?? [])].map((c) => c.message).join('; ');
        found.push(`${key}: ${v.id} (${v.impact}) ${v.help} — ${where} — ${why}`);
      }
    };
    const screenshot = page.screenshot.bind(page);
    page.screenshot = async (options) => {
      await audit();
      await transitionsDone(page);
      return screenshot(options);
    };
    await use(page);
    const passed = testInfo.status === testInfo.expectedStatus; // a failed test already says why
    if (passed) await audit();
    testInfo.annotations.push({ type: A11Y_ANNOTATION, description: `${audits}/${stops}/${unsettled}` });
    if (passed) expect(found, 'serious or critical accessibility violations').toEqual([]);
  },
});
