// Every browser test's `test`: the same as Playwright's, with its page checked by axe-core at
// each screenshot (the screens a test stops to look at) and on the screen it ends on. A serious
// or critical violation fails the test, naming the screen, the rule and the elements.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base } from '@playwright/test';

const FAILING = new Set(['serious', 'critical']);
/**
 * Mantine's select lists scroll inside the listbox and are worked from the input (arrow keys move
 * the active option, announced through aria-activedescendant); axe cannot see that and asks for a
 * focusable scrolling region, which a listbox may not contain.
 */
const keyboardReachable = (rule: string, target: string) => rule === 'scrollable-region-focusable' && target.includes('mantine-ScrollArea-viewport');

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    // No transitions: a screen is checked (and photographed) as it settles, not mid-fade.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const found: string[] = [];
    const failing = async () => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      return violations.filter((x) => FAILING.has(x.impact ?? '') && !x.nodes.every((n) => keyboardReachable(x.id, n.target.join(' '))));
    };
    const audit = async () => {
      if (page.isClosed() || page.url() === 'about:blank') return;
      let seen = await failing();
      if (seen.length > 0) {
        // A screen caught mid-render (a dialog whose title has not mounted yet) is not what a user
        // meets: a violation counts when it is still there a moment later.
        await page.waitForTimeout(500);
        const again = new Set((await failing()).map((v) => v.id));
        seen = seen.filter((v) => again.has(v.id));
      }
      for (const v of seen) {
        const where = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
        const why = [...(v.nodes[0]?.any ?? []), ...(v.nodes[0]?.all ?? [])].map((c) => c.message).join('; ');
        found.push(`${new URL(page.url()).pathname}: ${v.id} (${v.impact}) ${v.help} — ${where} — ${why}`);
      }
    };
    const screenshot = page.screenshot.bind(page);
    page.screenshot = async (options) => {
      await audit();
      return screenshot(options);
    };
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) return; // a failed test already says why
    await audit();
    expect(found, 'serious or critical accessibility violations').toEqual([]);
  },
});
