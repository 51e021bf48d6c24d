import { expect, type Page, type Route } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { isUnansweredStatus, PORTAL_RETRY } from '../../../src/services/retry-unanswered.ts';

/**
 * The requests behind a machine's invoked actors, held by Playwright's request routing until the
 * path says how they end: `xstate.done.actor.<id>` lets the real server answer (or answers with
 * the path's sample output), `xstate.error.actor.<id>` answers with the sample error's status and
 * message (status 0: the network fails). So a waiting state stays on screen long enough to check.
 * The portal's client sends a request that got no answer (status 0, 502–504) again, PORTAL_RETRY
 * times (src/services/retry-unanswered.ts): those tries get the same failure at once, so the
 * path's error reaches the machine as it would after a real outage.
 */

export interface HeldCall {
  url: string | RegExp;
  /** Answer a success with the path's sample `output` instead of the real server's answer. */
  sampleAnswer?: true;
}

export async function holdCalls(page: Page, calls: Readonly<Record<string, HeldCall>>) {
  const held: Record<string, Route[]> = {};
  /** Per call, how the client's retries of a failure just settled are answered, and how many are left. */
  const failing: Record<string, { left: number; answer: (route: Route) => Promise<void> }> = {};
  for (const [id, call] of Object.entries(calls)) {
    held[id] = [];
    await page.route(call.url, (route) => {
      const retry = failing[id];
      if (retry && retry.left > 0) {
        retry.left--;
        return void retry.answer(route).catch(() => {});
      }
      held[id]!.push(route);
    });
  }

  async function settle(id: string, event: AnyEventObject) {
    await expect.poll(() => held[id]!.length, { message: `the app should have called ${id}`, timeout: 15_000 }).toBeGreaterThan(0);
    const routes = held[id]!.splice(0);
    const last = routes.pop()!;
    // Earlier requests were abandoned by the app (it aborted them): let them go.
    for (const route of routes) await route.continue().catch(() => {});
    const error = event.error as { status?: number; message?: string } | undefined;
    if (event.type.startsWith('xstate.error.')) {
      const fail = (route: Route) => (error?.status ? route.fulfill({ status: error.status, json: { message: error.message } }) : route.abort('internetdisconnected'));
      failing[id] = { left: isUnansweredStatus(error?.status || null) ? PORTAL_RETRY.retries : 0, answer: fail };
      await fail(last).catch(() => {});
      return;
    }
    delete failing[id];
    await (calls[id]!.sampleAnswer ? last.fulfill({ json: event.output }) : last.continue()).catch(() => {});
  }

  return { settle, controls: (id: string) => id in calls };
}
