import { useActorRef } from '@xstate/react';
import { sessionTrackerMachine } from '../../machines/shell/session-tracker.ts';
import { AuthActor } from './actor-contexts.ts';

/** Tracks time online (spec §4) only while a distributor or internal admin is logged in. */
export function SessionTracking() {
  const loggedIn = AuthActor.useSelector((s) => s.matches('distributor') || s.matches('internalAdmin'));
  // Keyed by user: logging out ends this tracker; the next login starts a fresh one.
  const userId = AuthActor.useSelector((s) => s.context.user?.id ?? null);
  return loggedIn && userId !== null ? <Tracker key={userId} /> : null;
}

function Tracker() {
  useActorRef(sessionTrackerMachine);
  return null;
}
