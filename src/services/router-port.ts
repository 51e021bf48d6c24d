import { Observable, distinctUntilChanged } from 'rxjs';

/** Where the user is: the part of the URL the portal routes on. */
export interface Place {
  pathname: string;
  search: string;
}

/**
 * The browser's address bar as the app's root machine sees it: the places the user goes to, as a
 * stream (back, forward, a link, a typed URL), and the navigations machines ask for.
 */
export interface RouterPort {
  places$: Observable<Place>;
  go(to: string, replace: boolean): void;
}

/** What the port needs of a browser history (react-router's, made with `v5Compat` so every change is told). */
export interface BrowserHistory {
  location: Place;
  listen(listener: (update: { location: Place }) => void): () => void;
  push(to: string): void;
  replace(to: string): void;
}

/**
 * The same history with room for many listeners: react-router's takes one, and both React (to
 * render) and the app's root actor (to route) listen to it.
 */
export function sharedHistory<H extends BrowserHistory>(history: H): H {
  type Listener = Parameters<H['listen']>[0];
  const listeners = new Set<Listener>();
  let stop: (() => void) | null = null;
  const listen = (listener: Listener) => {
    listeners.add(listener);
    stop ??= history.listen((update) => listeners.forEach((each) => each(update)));
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        stop?.();
        stop = null;
      }
    };
  };
  return new Proxy(history, { get: (target, key) => (key === 'listen' ? listen : Reflect.get(target, key, target)) });
}

const samePlace = (a: Place, b: Place) => a.pathname === b.pathname && a.search === b.search;

/** The port over the history React renders by: the current place first, then each change of place. */
export function historyPort(history: BrowserHistory): RouterPort {
  return {
    places$: new Observable<Place>((subscriber) => {
      const emit = ({ pathname, search }: Place) => subscriber.next({ pathname, search });
      emit(history.location);
      return history.listen(({ location }) => emit(location));
    }).pipe(distinctUntilChanged(samePlace)),
    go: (to, replace) => (replace ? history.replace(to) : history.push(to)),
  };
}
