import { createActor, fromCallback, type AnyActorRef, type AnyEventObject } from 'xstate';

// For unit tests of a machine that reaches app-wide actors (system.get('auth'), 'session', …)
// without the app's root: the app itself spawns every page inside its own system.

/** Stands in for an app-wide actor inside another actor system: what it receives goes on to `to`. */
const relay = fromCallback<AnyEventObject, { to: AnyActorRef }>(({ receive, input }) => receive((event) => input.to.send(event)));

const JOINED = ['auth', 'notices', 'session', 'router'] as const;

/**
 * Registers the app-wide actors of `app`, by their system ids, in the system of `actor` (a machine
 * under test, before it starts), so it and every child it invokes reach them with `system.get`.
 * XState registers an actor under a system id only when it is created in that system, hence the relays.
 */
export function joinAppSystem(app: AnyActorRef, actor: AnyActorRef) {
  for (const id of JOINED) {
    const to = app.system.get(id);
    if (to && !actor.system.get(id)) createActor(relay, { parent: actor, systemId: id, input: { to } }).start();
  }
}
