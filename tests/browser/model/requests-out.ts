import type { Page, Request } from '@playwright/test';

/**
 * How many requests matching `url` a page has sent that have not ended (answered or failed): what
 * a flow without a screen of its own (a report sent in the background) shows, on the network.
 * Counting starts at the call, before the page opens.
 */
export function countRequestsOut(page: Page, url: RegExp, method = 'POST'): () => number {
  let out = 0;
  const matches = (r: Request) => url.test(r.url()) && r.method() === method;
  page.on('request', (r) => void (matches(r) && out++));
  const ended = (r: Request) => void (matches(r) && out--);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return () => out;
}
