import { describe, expect, it } from 'vitest';
import { dueJobs } from './queue.ts';
import { isDue, isoWeek, periodOf } from './periods.ts';
import { DEFAULT_PREFERENCES } from '../../src/model/digest.ts';

describe('digest periods', () => {
  it('names ISO weeks, across a year end', () => {
    expect(isoWeek('2026-11-23')).toBe('2026-W48');
    expect(isoWeek('2026-11-29')).toBe('2026-W48');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
  });

  it("is due at 07:00 on Monday in the user's own time zone", () => {
    const mondaySevenInNewYork = new Date('2026-11-23T12:20:00Z'); // 07:20 EST
    expect(isDue('weekly', mondaySevenInNewYork, 'America/New_York')).toBe(true);
    expect(isDue('weekly', mondaySevenInNewYork, 'UTC')).toBe(false);
    expect(isDue('weekly', new Date('2026-11-24T12:20:00Z'), 'America/New_York')).toBe(false); // Tuesday
    expect(isDue('daily', new Date('2026-11-24T12:20:00Z'), 'America/New_York')).toBe(true);
    expect(isDue('off', mondaySevenInNewYork, 'America/New_York')).toBe(false);
    // Sunday 22:20 UTC is already Monday 07:20 in Tokyo: that week is Monday's.
    expect(isDue('weekly', new Date('2026-11-22T22:20:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(periodOf('weekly', new Date('2026-11-22T22:20:00Z'), 'Asia/Tokyo')).toBe('2026-W48');
    expect(periodOf('daily', new Date('2026-11-22T22:20:00Z'), 'Asia/Tokyo')).toBe('2026-11-23');
  });

  it('queues one job per due user, with their period', () => {
    const at = new Date('2026-11-23T07:05:00Z');
    const users = [
      { id: 1, email: 'a@x.test', name: 'A', preferences: DEFAULT_PREFERENCES },
      { id: 2, email: 'b@x.test', name: 'B', preferences: { ...DEFAULT_PREFERENCES, frequency: 'off' as const } },
      { id: 3, email: 'c@x.test', name: 'C', preferences: { ...DEFAULT_PREFERENCES, timeZone: 'America/New_York' } },
    ];
    expect(dueJobs(users, at)).toEqual([{ userId: 1, period: '2026-W48' }]);
  });
});
