import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { sessionTrackerMachine } from '../machines/session-tracker.ts';
import { AuthActor } from './actor-contexts.ts';

/** Mouse moves fire dozens of times a second; one activity a second is plenty for a 60 s window. */
const ACTIVITY_THROTTLE_MS = 1_000;
const ACTIVITY_EVENTS = ['click', 'keydown', 'scroll', 'mousemove'] as const;

/** Tracks time online (spec §4) only while a distributor or internal admin is logged in. */
export function SessionTracking() {
  const loggedIn = AuthActor.useSelector((s) => s.matches('distributor') || s.matches('internalAdmin'));
  // Keyed by user: logging out ends this tracker; the next login starts a fresh one.
  const userId = AuthActor.useSelector((s) => s.context.user?.id ?? null);
  return loggedIn && userId !== null ? <Tracker key={userId} /> : null;
}

function Tracker() {
  const tracker = useActorRef(sessionTrackerMachine, { input: {} });
  useEffect(() => {
    let last = -Infinity;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      tracker.send({ type: 'session.activity', at: now });
    };
    // Capture phase: scrolls inside panels do not bubble to window.
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [tracker]);
  return null;
}
