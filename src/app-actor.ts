import { createActorContext, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { appMachine, type AppContext } from './machines/shell/app.ts';
import { selectAppChild } from './machines/shell/selectors.ts';

/** The app's root actor; its app-wide children carry system ids (src/machines/shell/app.ts). */
export const AppActor = createActorContext(appMachine);

/** One app-wide actor, read with narrow selectors as a `createActorContext` one is. */
function appChild<K extends 'auth' | 'spinner' | 'notices' | 'session'>(key: K) {
  type Ref = AppContext[K];
  const useRef = (): Ref => AppActor.useSelector(selectAppChild(key));
  return {
    useActorRef: useRef,
    useSelector: <T>(selector: (snapshot: SnapshotFrom<Ref>) => T, compare?: (a: T, b: T) => boolean): T =>
      useSelector(useRef(), selector as (snapshot: unknown) => T, compare),
  };
}

export const AuthActor = appChild('auth');
export const SpinnerActor = appChild('spinner');
export const NoticesActor = appChild('notices');
export const SessionActor = appChild('session');
