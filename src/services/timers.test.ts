import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_SENT_MS, SUCCESS_FLAG_MS } from '../model/notices.ts';
import { after$, shownFor$ } from './timers.ts';

const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('notice timers, in virtual time', () => {
  it("ends the 'Feedback Sent!' notification 4,000 ms after it shows", () => {
    marbles().run(({ expectObservable }) => {
      expectObservable(after$(FEEDBACK_SENT_MS)).toBe('4000ms (x|)', { x: undefined });
    });
  });

  it('shows the success flag at once and hides it after 1,000 ms', () => {
    marbles().run(({ expectObservable }) => {
      expectObservable(shownFor$(SUCCESS_FLAG_MS)).toBe('t 999ms (f|)', { t: true, f: false });
    });
  });

  it('forgets the timer when the notice goes first (unsubscribed before its time)', () => {
    marbles().run(({ expectObservable }) => {
      expectObservable(after$(FEEDBACK_SENT_MS), '^ 1000ms !').toBe('');
    });
  });
});
