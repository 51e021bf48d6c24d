import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useState } from 'react';
import type { DateRange } from '../../model/date-range.ts';
import { fromIsoDate, toIsoDate } from '../../machines/shell/selectors.ts';

/**
 * The date-range picker of the dashboard and intel headers: reports only complete ranges, and
 * otherwise shows the range in force. Only a half-chosen range (a start, no end yet) is held here:
 * a complete one goes to the machine, so a range the machine refuses (over a year, reversed) is
 * not left on screen beside the figures of the range applied (issue 39).
 */
export function RangeInput({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  const [half, setHalf] = useState<DatesRangeValue | null>(null);
  // A range set by the machine (a house switch) replaces a half-chosen one, during render.
  const [shown, setShown] = useState(range);
  if (shown !== range) {
    setShown(range);
    setHalf(null);
  }
  return (
    <DatePickerInput
      type="range"
      label="Date range"
      value={half ?? [fromIsoDate(range.startDate), fromIsoDate(range.endDate)]}
      onChange={(value) => {
        const [start, end] = value;
        setHalf(start && !end ? value : null);
        if (start && end) onChange({ startDate: toIsoDate(start), endDate: toIsoDate(end) });
      }}
      valueFormat="MM/DD/YYYY"
      allowSingleDateInRange
      w={{ base: '100%', sm: 250 }}
    />
  );
}
