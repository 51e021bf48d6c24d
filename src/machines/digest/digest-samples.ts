// Event samples of the digest machines (the path catalogue and their model-based tests).
import type { AnyEventObject } from 'xstate';
import type { Alerts, DigestPreferences } from '../../model/digest.ts';
import { ApiError } from '../../services/api-client.ts';

export const SAMPLE_PREFERENCES: DigestPreferences = { frequency: 'weekly', sections: ['competitorShare', 'winBack', 'rebateChecks', 'overpaidInvoices'], timeZone: 'UTC' };
export const SAVED_PREFERENCES: DigestPreferences = { frequency: 'daily', sections: ['winBack'], timeZone: 'America/New_York' };

export const SAMPLE_ALERTS: Alerts = {
  unread: 2,
  readAt: null,
  content: {
    house: 'Harbor Foods Boston', months: { previous: '2026-09', last: '2026-10' }, quarter: { from: '2026-08-01', to: '2026-10-31' },
    since: '2026-11-17T07:00:00.000Z',
    competitorShare: [{ merchantId: 12, merchant: 'Matrix Diner', previousShare: 0.1, share: 0.25, previousCompetitorVolume: 100, competitorVolume: 300, totalVolume: 1200 }],
    winBack: null,
    rebateChecks: { count: 1, total: 125.5, checks: [{ id: 7, merchantId: 12, merchant: 'Matrix Diner', quarter: '26Q4', amount: 125.5, checkno: '100200', postedAt: '2026-11-20T00:00:00.000Z' }] },
    overpaidInvoices: null,
  },
};

export const digestPreferencesEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: SAMPLE_PREFERENCES },
  { type: 'xstate.error.actor.load', error: new ApiError(0, 'offline') },
  { type: 'prefs.retried' },
  { type: 'prefs.frequencyChanged', frequency: 'daily' },
  { type: 'prefs.sectionToggled', section: 'competitorShare' },
  { type: 'prefs.submitted' },
  { type: 'xstate.done.actor.save', output: SAVED_PREFERENCES },
  { type: 'xstate.error.actor.save', error: new ApiError(400, 'Unknown time zone Mars/Olympus.') },
];

export const alertsEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: SAMPLE_ALERTS },
  { type: 'xstate.error.actor.load', error: new ApiError(403, 'You have no distributor to act for.') },
  { type: 'alerts.retried' },
  { type: 'alerts.opened' },
  { type: 'xstate.done.actor.markRead', output: { message: 'Alerts read.' } },
  { type: 'xstate.error.actor.markRead', error: new ApiError(0, 'offline') },
  { type: 'alerts.closed' },
];
