import { createActorContext, useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect, useState } from 'react';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, AnyActorRef, SnapshotFrom } from 'xstate';
import { appMachine, joinAppSystem, type AppContext } from '../../machines/shell/app.ts';

/** The app's root actor; its app-wide children carry system ids (src/machines/shell/app.ts). */
export const AppActor = createActorContext(appMachine);

/** One app-wide actor, read with narrow selectors as a `createActorContext` one is. */
function appChild<K extends 'auth' | 'spinner' | 'notices' | 'session'>(key: K) {
  type Ref = AppContext[K];
  const useRef = (): Ref => AppActor.useSelector((s) => s.context[key]);
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

/** What the session memory holds when a screen opens, read once: part of its machine's input. */
export function useSessionOnOpen<T>(select: (snapshot: SnapshotFrom<AppContext['session']>) => T): T {
  const session = SessionActor.useActorRef();
  const [value] = useState(() => select(session.getSnapshot()));
  return value;
}

/**
 * Makes `auth`, `notices` and `session` reachable by system id from a page's actor (and its
 * children). A layout effect, not render: it runs before the effect in which React starts the
 * actor (a provider's actor starts in its own effect, after its children's).
 */
export function useJoinAppSystem(actor: AnyActorRef) {
  const app = AppActor.useActorRef();
  useLayoutEffect(() => joinAppSystem(app, actor), [app, actor]);
}

/** `useActorRef` for a page's actor whose machine reaches `auth`, `notices` or `session` by system id. */
export function useSystemActorRef<T extends AnyActorLogic>(logic: T, options: ActorOptions<T> = {}): ActorRefFrom<T> {
  const actor = useActorRef(logic, options) as ActorRefFrom<T>;
  useJoinAppSystem(actor);
  return actor;
}

/** Joins a `createActorContext` provider's actor to the app-wide actors; render it inside the provider. */
export function JoinAppSystem({ actor }: { actor: { useActorRef: () => AnyActorRef } }) {
  useJoinAppSystem(actor.useActorRef());
  return null;
}
