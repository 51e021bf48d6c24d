import { expect, type Page, type Request, type Route } from '@playwright/test';
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
 *
 * A call the app abandons (a new month asked for while one loads) is aborted by the page: it is
 * no longer held, and when the page abandons it only after the path has settled it (its successor
 * had not reached the route yet), the settlement goes to the call's next request.
 */

export interface HeldCall {
  url: string | RegExp;
  /**
   * Answer a success with the path's sample `output` instead of the real server's answer: every
   * success, or those whose `output` this accepts (an answer the demo data never gives, such as none).
   */
  sampleAnswer?: true | ((output: unknown) => boolean);
  /** Held only in the paths that settle it; in the others the real server answers (a call whose wait covers the screen). */
  onlyInPathsSettlingIt?: true;
}

/** The held calls of one page: `settle` ends the last request of a call as an event says. */
export type HeldCalls = Awaited<ReturnType<typeof holdCalls>>;

export async function holdCalls(page: Page, calls: Readonly<Record<string, HeldCall>>) {
  const held: Record<string, Route[]> = {};
  /** Per call, how the client's retries of a failure just settled are answered, and how many are left. */
  const failing: Record<string, { left: number; answer: (route: Route) => Promise<void> }> = {};
  /** Requests answered by a settlement, until they end; one the page abandons owes its answer to the next request. */
  const answered = new Map<Request, { id: string; answer: (route: Route) => Promise<void> }>();
  const owed: Record<string, (route: Route) => Promise<void>> = {};
  const answer = async (id: string, route: Route, how: (route: Route) => Promise<void>) => {
    answered.set(route.request(), { id, answer: how });
    await how(route).catch(() => {});
  };
  page.on('requestfinished', (request) => answered.delete(request));
  page.on('requestfailed', (request) => {
    // Abandoned while held: nothing to settle there.
    for (const routes of Object.values(held)) {
      const i = routes.findIndex((route) => route.request() === request);
      if (i >= 0) routes.splice(i, 1);
    }
    const settled = answered.get(request);
    if (!settled) return;
    answered.delete(request);
    const next = held[settled.id]!.pop();
    if (next) void answer(settled.id, next, settled.answer);
    else owed[settled.id] = settled.answer;
  });
  for (const [id, call] of Object.entries(calls)) {
    held[id] = [];
    await page.route(call.url, (route) => {
      const debt = owed[id];
      if (debt) {
        delete owed[id];
        return void answer(id, route, debt);
      }
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
    const error = event.error as { status?: number; message?: string } | undefined;
    if (event.type.startsWith('xstate.error.')) {
      const fail = (route: Route) => (error?.status ? route.fulfill({ status: error.status, json: { message: error.message } }) : route.abort('internetdisconnected'));
      failing[id] = { left: isUnansweredStatus(error?.status || null) ? PORTAL_RETRY.retries : 0, answer: fail };
      // A network failure is an abort of our own, not the page's: it owes nothing.
      await (error?.status ? answer(id, last, fail) : fail(last).catch(() => {}));
    } else {
      delete failing[id];
      const sample = calls[id]!.sampleAnswer;
      const withSample = sample === true || (typeof sample === 'function' && sample(event.output));
      await answer(id, last, (route) => (withSample ? route.fulfill({ json: event.output }) : route.continue()));
    }
    // Earlier requests were abandoned by the app (it aborted them): let them go.
    for (const route of routes) await route.continue().catch(() => {});
  }

  return { settle, controls: (id: string) => id in calls };
}
