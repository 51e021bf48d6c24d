import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable } from 'xstate';
import { spinnerCount$ } from '../../services/spinner-count.ts';
import { spinnerEvents$, spinnerMachine } from './spinner.ts';

const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('spinner counter stream', () => {
  it('counts +1 per call started and -1 per call ended, never below zero', () => {
    marbles().run(({ cold, expectObservable }) => {
      const activity$ = cold<1 | -1>('-a-a-b-b-b-a|', { a: 1, b: -1 });
      expectObservable(spinnerCount$(activity$)).toBe('01-2-1-0---1|', { 0: 0, 1: 1, 2: 2 });
    });
  });
});

describe('spinner', () => {
  it('is visible while more calls started than ended, and never goes below zero', () => {
    const activity = new Subject<1 | -1>();
    const actor = createActor(
      spinnerMachine.provide({ actors: { runningCalls: fromEventObservable(() => spinnerEvents$(activity)) } }),
    ).start();
    const seen = () => [actor.getSnapshot().value, actor.getSnapshot().context.count];
    activity.next(-1);
    expect(seen()).toEqual(['hidden', 0]);
    activity.next(1);
    activity.next(1);
    expect(seen()).toEqual(['visible', 2]);
    activity.next(-1);
    expect(seen()).toEqual(['visible', 1]);
    activity.next(-1);
    expect(seen()).toEqual(['hidden', 0]);
    activity.next(-1);
    expect(seen()).toEqual(['hidden', 0]);
  });
});
