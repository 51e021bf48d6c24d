import { describe, expect, it } from 'vitest';
import { selectMeanTiming } from './selectors.ts';

type LoadSpeedSnapshot = Parameters<typeof selectMeanTiming>[0];
const withTimings = (timings: number[]) => ({ context: { timings } }) as unknown as LoadSpeedSnapshot;

describe('the load-speed test', () => {
  it('says the mean of the dashboard timings in whole ms, nothing before a run', () => {
    expect(selectMeanTiming(withTimings([]))).toBeNull();
    expect(selectMeanTiming(withTimings([10, 21]))).toBe(16);
    expect(selectMeanTiming(withTimings([120, 80, 100]))).toBe(100);
  });
});
