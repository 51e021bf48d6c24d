import type { AnyEventObject } from 'xstate';
import type { ItemMatch } from '../../model/match.ts';
import { ApiError } from '../../services/api-client.ts';

/** Sample similar items and events, for generating paths (registry) and for tests. */

export const sampleMatch: ItemMatch = {
  min: '21000777',
  description: 'CHEESE CHEDDAR SHRD',
  manufacturerName: 'Acme Foods',
  manufacturerPlatformId: 'MF-000002',
  pack: '4/5 LB',
  uom: 'CS',
  rebateType: 'PERCENT_OF_PRICE',
  rebateValue: 3,
  rebateWithSymbol: '3%',
  deviationValue: null,
  deviationDollar: null,
  inCatalog: 'Y',
  recommended: false,
};

export const itemA = { min: '21000123', manufacturerPlatformId: 'MF-000001' };
export const itemB = { min: '21000456', manufacturerPlatformId: 'MF-000001' };

export const itemMatchEvents: readonly AnyEventObject[] = [
  { type: 'matches.requested', key: itemA },
  { type: 'matches.requested', key: itemB },
  { type: 'xstate.done.actor.loadMatches', output: [sampleMatch] },
  { type: 'xstate.done.actor.loadMatches', output: [] },
  { type: 'xstate.error.actor.loadMatches', error: new ApiError(500, 'Something went wrong') },
  { type: 'matches.refreshed' },
  { type: 'matches.retry' },
];

export const feedbackDialogEvents: readonly AnyEventObject[] = [
  { type: 'feedback.opened', mode: 'badMatch', min: itemA.min, badMatchMin: sampleMatch.min },
  { type: 'feedback.opened', mode: 'recommendation', min: itemA.min },
  { type: 'feedback.textChanged', value: 'Different pack size' },
  { type: 'feedback.textChanged', value: 'ABC-1' },
  { type: 'feedback.textChanged', value: '' },
  { type: 'feedback.submitted' },
  { type: 'feedback.closed' },
  { type: 'xstate.done.actor.sendFeedback', output: { id: 1 } },
  { type: 'xstate.error.actor.sendFeedback', error: new ApiError(500, 'Something went wrong') },
  { type: 'xstate.error.actor.sendFeedback', error: new ApiError(400, 'No item has the MIN ABC-1.') },
  { type: 'feedback.noticeExpired' },
];
