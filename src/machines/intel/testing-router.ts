import { createActor, fromCallback, setup, type AnyActorRef, type AnyEventObject, type AnyStateMachine } from 'xstate';

/** Notes the navigations asked of it (`route.go`) in `asked`. */
const noting = (asked: AnyEventObject[]) => fromCallback<AnyEventObject>(({ receive }) => receive((event) => void asked.push(event)));

/**
 * For a unit test: registers, under system id `router`, an actor in the system of `actor` (before it
 * starts) that notes the navigations the machine asks for in `asked`. XState works out a machine's
 * first state when the actor is created, so what it asks then is missed: see `startUnderRouter`.
 */
export function fakeRouter(actor: AnyActorRef, asked: AnyEventObject[]) {
  createActor(noting(asked), { parent: actor, systemId: 'router' }).start();
}

/** Runs `machine` as a page does, in a system that has a `router` already, so its first navigation is noted too. */
export function startUnderRouter(machine: AnyStateMachine, input: unknown, asked: AnyEventObject[]) {
  const host = setup({ actors: { router: noting(asked), page: machine } }).createMachine({
    invoke: [
      { id: 'router', systemId: 'router', src: 'router' },
      { id: 'page', src: 'page', input },
    ],
  });
  const actor = createActor(host).start();
  return actor.getSnapshot().children.page as AnyActorRef;
}
