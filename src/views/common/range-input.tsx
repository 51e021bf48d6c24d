import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useState } from 'react';
import type { DateRange } from '../../model/date-range.ts';
import { fromIsoDate, toIsoDate } from '../../machines/shell/selectors.ts';

/** The date-range picker of the dashboard and intel headers: reports only complete ranges. */
export function RangeInput({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  // The picker holds a half-chosen range locally; the machine only hears about complete ones.
  const [draft, setDraft] = useState<DatesRangeValue>([fromIsoDate(range.startDate), fromIsoDate(range.endDate)]);
  // A range set by the machine (a house switch, a refused range) replaces the draft, during render.
  const [drafted, setDrafted] = useState(range);
  if (drafted !== range) {
    setDrafted(range);
    setDraft([fromIsoDate(range.startDate), fromIsoDate(range.endDate)]);
  }
  return (
    <DatePickerInput
      type="range"
      label="Date range"
      value={draft}
      onChange={(value) => {
        setDraft(value);
        const [start, end] = value;
        if (start && end) onChange({ startDate: toIsoDate(start), endDate: toIsoDate(end) });
      }}
      valueFormat="MM/DD/YYYY"
      allowSingleDateInRange
      w={{ base: '100%', sm: 250 }}
    />
  );
}
