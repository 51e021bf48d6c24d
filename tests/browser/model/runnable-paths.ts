import type { Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import type { RegisteredMachine } from '../../../src/machines/registered-machine.ts';
import { MACHINES } from '../../../src/machines/registry.ts';
import { cataloguePaths, type CataloguePath } from '../../paths/catalogue-paths.ts';
import type { HeldCall, HeldCalls } from './held-calls.ts';

/**
 * Which catalogue paths a browser mapping replays, and why it skips the others. Apart from
 * browser-model.ts (which needs Playwright's runner), so `npm run paths` can say per path whether
 * a browser test replays it without starting one.
 */

/**
 * A registered machine mapped onto the real app: each event to what a user does, each state to
 * what the screen shows. `testModelPaths` runs the catalogue's paths through it in Chromium.
 */
export interface BrowserModel {
  /** The registered machine's name. */
  machine: string;
  /**
   * Per starting situation (the registration's variant label): opens the app there. Paths of other
   * variants are not run. `calls` settles the held calls a start needs answered (a cache to fill).
   */
  start: Readonly<Record<string, (page: Page, calls: HeldCalls) => Promise<void>>>;
  /** Requests of invoked actors (by actor id), or behind a child's report (by its event type), held until the path settles them. */
  calls?: Readonly<Record<string, HeldCall>>;
  /** What a user does for each event type (a held call's done/error needs none). */
  events: Readonly<Record<string, (page: Page, event: AnyEventObject) => Promise<void>>>;
  /** What the screen shows in each state: assertions that fail otherwise. */
  states: Readonly<Record<string, (page: Page) => Promise<void>>>;
  /** Runs only the paths this accepts (default: every path the mapping covers). */
  only?: (path: CataloguePath) => boolean;
}

export const actorEvent = (type: string) => /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type)?.[1];

/** The held call an event settles: an invoked actor's done or error, or a child's report the mapping holds a call for. */
export const heldCallOf = (model: BrowserModel, type: string) => actorEvent(type) ?? (type in (model.calls ?? {}) ? type : undefined);

export const registered = (name: string): RegisteredMachine => {
  const entry = MACHINES.find((m) => m.name === name);
  if (!entry) throw new Error(`No registered machine ${name}`);
  return entry;
};

/** Why the mapping cannot run `path` (no start for its variant, no action for an event, no check for a state), or undefined. */
export function whyNotRunnable(model: BrowserModel, path: CataloguePath): string | undefined {
  const mapped = (e: AnyEventObject) => e.type in model.events || (heldCallOf(model, e.type) ?? '') in (model.calls ?? {});
  if (!(path.variant in model.start)) return `no start for "${path.variant}"`;
  const event = path.events.find((e) => !mapped(e));
  if (event) return `no action for ${event.type}`;
  const state = [path.start, ...path.states].find((s) => !(s in model.states));
  if (state) return `no check for ${state}`;
  if (!(model.only?.(path) ?? true)) return 'left out by the mapping (a user cannot do it, or the real server never answers so)';
  return undefined;
}

/** The paths the mapping can run: a known start, a user action or held call per event, a check per state. */
export const runnablePaths = (model: BrowserModel): CataloguePath[] =>
  cataloguePaths(registered(model.machine)).filter((p) => !whyNotRunnable(model, p));
