import { expect, type Page, type Route } from '@playwright/test';
import type { AnyEventObject } from 'xstate';

/**
 * The requests behind a machine's invoked actors, held by Playwright's request routing until the
 * path says how they end: `xstate.done.actor.<id>` lets the real server answer (or answers with
 * the path's sample output), `xstate.error.actor.<id>` answers with the sample error's status and
 * message (status 0: the network fails). So a waiting state stays on screen long enough to check.
 */

export interface HeldCall {
  url: string | RegExp;
  /** Answer a success with the path's sample `output` instead of the real server's answer. */
  sampleAnswer?: true;
}

export async function holdCalls(page: Page, calls: Readonly<Record<string, HeldCall>>) {
  const held: Record<string, Route[]> = {};
  for (const [id, call] of Object.entries(calls)) {
    held[id] = [];
    await page.route(call.url, (route) => void held[id]!.push(route));
  }

  async function settle(id: string, event: AnyEventObject) {
    await expect.poll(() => held[id]!.length, { message: `the app should have called ${id}`, timeout: 15_000 }).toBeGreaterThan(0);
    const routes = held[id]!.splice(0);
    const last = routes.pop()!;
    // Earlier requests were abandoned by the app (it aborted them): let them go.
    for (const route of routes) await route.continue().catch(() => {});
    const error = event.error as { status?: number; message?: string } | undefined;
    const answer = event.type.startsWith('xstate.error.')
      ? error?.status
        ? last.fulfill({ status: error.status, json: { message: error.message } })
        : last.abort('internetdisconnected')
      : calls[id]!.sampleAnswer
        ? last.fulfill({ json: event.output })
        : last.continue();
    await answer.catch(() => {});
  }

  return { settle, controls: (id: string) => id in calls };
}
