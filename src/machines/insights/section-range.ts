import { distinctUntilChanged, EMPTY, map, Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import type { DateRange } from '../../model/date-range.ts';

/** The section actor (insights): anything whose snapshots carry the section's range. */
export interface RangeSource {
  subscribe(next: (snapshot: { context: { range: DateRange } }) => void): { unsubscribe(): void };
}

const sameRange = (a: DateRange, b: DateRange) => a.startDate === b.startDate && a.endDate === b.endDate;

/**
 * A screen machine follows the section's range: each new range arrives as `{ type, range }`, so
 * the screen reloads without a view passing the range on. No section (a test): no events.
 */
export const followSectionRange = <T extends string>(type: T) =>
  fromEventObservable(({ input }: { input: { section: RangeSource | undefined } }) => {
    const section = input.section;
    if (!section) return EMPTY;
    return new Observable<DateRange>((subscriber) => {
      const subscription = section.subscribe((snapshot) => subscriber.next(snapshot.context.range));
      return () => subscription.unsubscribe();
    }).pipe(distinctUntilChanged(sameRange), map((range) => ({ type, range })));
  });
