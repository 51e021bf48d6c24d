import type { AnyEventObject } from 'xstate';
import { ApiError } from '../../services/api-client.ts';

/** Sample files and answers for the checks-data machine (registry paths and tests). */

export const sheetFile = new File(['sheet bytes'], 'Q3 checks.xlsx');
export const textFile = new File(['not a sheet'], 'checks.csv');
export const sheetRows = [{ 'Account MAP Relationship': 'Harbor Foods Boston - Seaside', 'Account Name': 'Seaside Grill', 'Check Number': '500123', 'Check Amount': 120.5 }];
export const badRowsError = new ApiError(400, 'Row 3: Account Name is missing.');

export const checksDataEvents: readonly AnyEventObject[] = [
  { type: 'checksData.toggled' },
  { type: 'checksData.fileChosen', kind: 'checks', file: sheetFile },
  { type: 'checksData.fileChosen', kind: 'both', file: textFile },
  { type: 'xstate.done.actor.readSheet', output: sheetRows },
  { type: 'xstate.error.actor.readSheet', error: new Error('Corrupt file') },
  { type: 'xstate.done.actor.convert', output: 'Harbor Foods Boston - Seaside.pdf' },
  { type: 'xstate.error.actor.convert', error: badRowsError },
];
