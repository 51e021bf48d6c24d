import { Observable } from 'rxjs';
import type { NonReducibleUnknown } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';

/**
 * A test double for a service call, written as a promise: the machine sees the same Observable
 * actor as in the app, and `signal` fires when the machine unsubscribes (the request is aborted).
 */
export function callDouble<TOutput, TInput extends NonReducibleUnknown = NonReducibleUnknown>(
  answer: (input: TInput, signal: AbortSignal) => Promise<TOutput>,
) {
  return fromObservableWithOutput<TOutput, TInput>(
    (input) =>
      new Observable<TOutput>((subscriber) => {
        const controller = new AbortController();
        answer(input, controller.signal).then(
          (value) => {
            subscriber.next(value);
            subscriber.complete();
          },
          (error: unknown) => subscriber.error(error),
        );
        return () => controller.abort();
      }),
  );
}
