import type { Observable } from 'rxjs';
import {
  fromObservable,
  type ActorLogic,
  type ActorSystem,
  type EventObject,
  type NonReducibleUnknown,
  type Snapshot,
  type Subscription,
} from 'xstate';

export type ObservableWithOutputSnapshot<TOutput, TInput> = Snapshot<TOutput> & {
  context: TOutput | undefined;
  input: TInput | undefined;
  _subscription: Subscription | undefined;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- xstate's own AnyActorSystem, which it does not export
export type ObservableWithOutputLogic<TOutput, TInput> = ActorLogic<ObservableWithOutputSnapshot<TOutput, TInput>, EventObject, TInput, ActorSystem<any>, EventObject>;

/**
 * A service call that answers once, as an actor: xstate's `fromObservable`, whose done event also
 * carries the last value as `output` (fromObservable alone finishes with none). Stopping the actor
 * (leaving or re-entering the state that invoked it) unsubscribes, which aborts the HTTP request.
 */
export function fromObservableWithOutput<TOutput, TInput extends NonReducibleUnknown = NonReducibleUnknown>(
  call: (input: TInput) => Observable<TOutput>,
): ObservableWithOutputLogic<TOutput, TInput> {
  const logic = fromObservable<TOutput, TInput>(({ input }) => call(input));
  return {
    ...logic,
    transition: (snapshot, event, scope) => {
      const next = logic.transition(snapshot as never, event as never, scope as never);
      return (next.status === 'done' ? { ...next, output: next.context } : next) as ObservableWithOutputSnapshot<TOutput, TInput>;
    },
  } as ObservableWithOutputLogic<TOutput, TInput>;
}
