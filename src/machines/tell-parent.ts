import { sendTo, type AnyActorRef, type EventObject, type MachineContext } from 'xstate';

/**
 * `sendParent` for a child machine that also runs on its own (a unit test, the path catalogue):
 * with no parent the event goes to the machine itself, which ignores it, where `sendParent`
 * would throw. Called with no arguments where the machine's actions are set up; the event may be
 * built from the action's params.
 */
export const tellParent = <P = undefined>(event: EventObject | ((params: P) => EventObject)) =>
  <TContext extends MachineContext, TExpressionEvent extends EventObject, TEvent extends EventObject>() =>
    sendTo<TContext, TExpressionEvent, P, AnyActorRef, TEvent>(
      ({ self }: { self: AnyActorRef }) => self._parent ?? self,
      typeof event === 'function' ? (_: unknown, params: P) => event(params) : event,
    );
