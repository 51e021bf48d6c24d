import { expect as baseExpect, type Page } from '@playwright/test';
import type { BrowserModel } from './browser-model.ts';
import { countRequestsOut } from './requests-out.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const SESSIONS = /\/api\/analytics\/user-sessions$/;
const reportsOut = new WeakMap<Page, () => number>();

/**
 * Time online, which has no screen: a session ends a minute after the last activity and its report
 * is sent in the background (POST /api/analytics/user-sessions). The page runs on Playwright's
 * clock, from five minutes ago (a report's end must not be in the server's future), so a minute
 * idle is a jump of the clock; the report is held until the path says how it ends.
 */
export const sessionTrackerModel: BrowserModel = {
  machine: 'session-tracker',
  start: {
    'logged in': async (page) => {
      reportsOut.set(page, countRequestsOut(page, SESSIONS));
      await page.clock.install({ time: Date.now() - 5 * 60_000 });
      await openSignedIn(page, 'leader@harbor.test', '/faq');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  calls: { report: { url: SESSIONS } },
  events: {
    // Expires 60 s after the last activity (opening the portal), reported at the next 5 s check.
    'session.ended': (page) => page.clock.runFor(70_000),
  },
  states: {
    tracking: (page) => expect.poll(reportsOut.get(page)!, { message: 'no session report is on its way' }).toBe(0),
    reporting: (page) => expect.poll(reportsOut.get(page)!, { message: 'a session report is on its way' }).toBe(1),
  },
};
