import type { SnapshotFrom } from 'xstate';
import type { checksDataMachine } from './checks-data.ts';

/** What the checks-data section explains and offers (the kinds of check data and their columns). */
export { CHECKS_DATA_LABELS, CHECKS_DATA_TYPES, COLUMNS } from '../../model/checks-data.ts';

/** The Checks Data section (accounts spec §2.10): open or not, what it is doing, what it says. */
export function selectChecksDataView(s: SnapshotFrom<typeof checksDataMachine>) {
  const busy = s.hasTag('busy');
  return {
    open: !s.matches('closed'),
    /** A file is being read or converted: no other file can be chosen. */
    busy,
    busyText: busy ? (s.matches('reading') ? 'Reading the file…' : 'Making the PDF…') : null,
    error: s.context.error,
    saved: s.context.saved,
  };
}
export { sameView } from '../admin-dashboard/selectors.ts';
