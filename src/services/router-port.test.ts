import { describe, expect, it } from 'vitest';
import { historyPort, sharedHistory, type BrowserHistory, type Place } from './router-port.ts';

/** A history like react-router's: one listener at most, told of every change (v5Compat). */
function oneListenerHistory(start: Place) {
  let listener: ((update: { location: Place }) => void) | null = null;
  const history = {
    location: start,
    listen(fn: (update: { location: Place }) => void) {
      if (listener) throw new Error('A history only accepts one active listener');
      listener = fn;
      return () => void (listener = null);
    },
    push(to: string) {
      const [pathname = '', query] = to.split('?');
      history.location = { pathname, search: query ? `?${query}` : '' };
      listener?.({ location: history.location });
    },
    replace(to: string) {
      history.push(to);
    },
    listening: () => listener !== null,
  } satisfies BrowserHistory & { listening(): boolean };
  return history;
}

describe('the router port', () => {
  it('tells the current place, then each new one once, and navigates', () => {
    const history = oneListenerHistory({ pathname: '/login', search: '' });
    const port = historyPort(history);
    const seen: Place[] = [];
    const sub = port.places$.subscribe((place) => seen.push(place));
    port.go('/rebates/list?q=beef', false);
    port.go('/rebates/list?q=beef', true); // the same place again: not told twice
    expect(seen).toEqual([
      { pathname: '/login', search: '' },
      { pathname: '/rebates/list', search: '?q=beef' },
    ]);
    sub.unsubscribe();
    expect(history.listening()).toBe(false);
  });

  it('lets React and the root actor both listen to a history that takes one listener', () => {
    const history = oneListenerHistory({ pathname: '/', search: '' });
    const shared = sharedHistory(history);
    const react: string[] = [];
    const stopReact = shared.listen(({ location }) => react.push(location.pathname));
    const root: Place[] = [];
    const sub = historyPort(shared).places$.subscribe((place) => root.push(place));
    shared.push('/faq');
    expect(react).toEqual(['/faq']);
    expect(root.map((p) => p.pathname)).toEqual(['/', '/faq']);
    expect(shared.location.pathname).toBe('/faq');
    sub.unsubscribe();
    stopReact();
    expect(history.listening()).toBe(false);
  });
});
