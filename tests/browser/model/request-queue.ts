import { expect, type Page, type Request, type Route } from '@playwright/test';

/**
 * The requests of `method` to `url` held in the order they come, for a mapping whose calls are
 * not one actor each (each file an upload sends, each batch of a stream): a path's step takes the
 * one it answers. Other methods go on to the server.
 */
export async function queueRequests(page: Page, url: string | RegExp, method = 'POST') {
  const queue: Route[] = [];
  /** While set, how every request held and still to come is answered. */
  let answerAll: ((route: Route) => Promise<void>) | undefined;
  await page.route(url, (route) => {
    if (route.request().method() !== method) return void route.fallback();
    if (answerAll) return void answerAll(route).catch(() => {});
    queue.push(route);
  });
  page.on('requestfailed', (request) => {
    // Abandoned by the app (a new range aborts the batches out): nothing to answer there.
    const i = queue.findIndex((route) => route.request() === request);
    if (i >= 0) queue.splice(i, 1);
  });
  return {
    /** Waits for a held request `which` accepts (the first one by default) and takes it out of the queue. */
    async take(message: string, which: (request: Request) => boolean = () => true): Promise<Route> {
      await expect.poll(() => queue.some((route) => which(route.request())), { message, timeout: 15_000 }).toBe(true);
      return queue.splice(queue.findIndex((route) => which(route.request())), 1)[0]!;
    },
    /** Answers every request held and every one to come with `how`, until `holdAgain`. */
    async answerEvery(how: (route: Route) => Promise<void>) {
      answerAll = how;
      for (const route of queue.splice(0)) await how(route).catch(() => {});
    },
    holdAgain() {
      answerAll = undefined;
    },
  };
}

export type RequestQueue = Awaited<ReturnType<typeof queueRequests>>;
