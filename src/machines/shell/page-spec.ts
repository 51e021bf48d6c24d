import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { Place } from '../../services/router-port.ts';
import type { sessionMemoryMachine } from '../session/session-memory.ts';
import type { authRoutingMachine } from './auth-routing.ts';

/**
 * How a feature describes a page whose machine the app's root actor owns (./app.ts): each feature
 * lists its pages in its own `pages.ts`, and ./page-registry.ts gathers them.
 *
 * When the route of a page is entered (and the route gate shows it), the root loads its machine (a
 * chunk of its own, so the login page stays small) and spawns it as its child, with system id
 * `page:<key>` and the input built here from the route and the app-wide actors. Leaving the route
 * stops it, unless the page is `kept` (a section the spec says is remembered); a new `instance`
 * (another merchant, another house) stops the old one and starts anew. A route change within the
 * same instance reaches the page as a `route.changed` event (`PageRouteEvent` below), so the
 * URL is an event to it.
 */

/** What a page's input and instance are built from. */
export interface PageRoute {
  place: Place;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  auth: SnapshotFrom<typeof authRoutingMachine>;
  session: SnapshotFrom<typeof sessionMemoryMachine>;
}

export interface PageSpec<M extends AnyStateMachine = AnyStateMachine> {
  /** Route patterns (`/intel/detail/:id/:tab`) the page serves; none for a companion (`during`). */
  paths: readonly string[];
  /**
   * A companion of every page: runs whenever this holds of the auth-routing state, whatever the route
   * (the session tracker while logged in, the alerts bell in a distributor's session).
   */
  during?: (auth: SnapshotFrom<typeof authRoutingMachine>) => boolean;
  load: () => Promise<M>;
  input?: (route: PageRoute) => unknown;
  /** Kept after its route is left, until the session ends (a remembered section). */
  kept?: boolean;
  /** Which instance the route asks for; another value restarts the page. Default: one instance. */
  instance?: (route: PageRoute) => string;
}

/** A page, its machine type kept (the view of the page gets an actor of that machine). */
export const page = <M extends AnyStateMachine>(spec: PageSpec<M>) => spec;

/** What a page learns when the place changes within it (another tab, another search). */
export interface PageRouteEvent {
  type: 'route.changed';
  place: Place;
  params: Readonly<Record<string, string>>;
}

/** A kept page the user has left (it runs on, off screen, until they come back: `route.changed`). */
export interface PageLeftEvent {
  type: 'route.left';
}

/** Navigations machines ask for (sent to system id `router`). */
export interface RouteGoEvent {
  type: 'route.go';
  to: string;
  replace?: boolean;
}
