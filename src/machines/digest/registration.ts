import type { RegisteredMachine } from '../registered-machine.ts';
import { alertsMachine } from './alerts.ts';
import { alertsEvents, digestPreferencesEvents } from './digest-samples.ts';
import { digestPreferencesMachine } from './digest-preferences.ts';
import { selectAlertsBellView, selectPreferencesForm } from './selectors.ts';

/** The digest's machines (Settings' preferences, the header's bell), joined into MACHINES by registry.ts. */
export const DIGEST_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'digest-preferences',
    description: 'Settings → Win-back digest: how often (weekly, daily, off) and which sections, saved with the browser\'s time zone.',
    machine: digestPreferencesMachine,
    events: digestPreferencesEvents,
    variants: [{ label: 'Settings opened', input: () => ({ timeZone: 'America/New_York' }) }],
    // The chosen sections are a set: whether the choice changed is what matters to the paths.
    serializeState: (s) => JSON.stringify([s.value, (s.context as { saved: boolean }).saved, (s.context as { failure: unknown }).failure !== null]),
    views: { form: selectPreferencesForm },
    labels: {
      'prefs.frequencyChanged': 'Pick Daily', 'prefs.sectionToggled': 'Untick a section', 'prefs.submitted': 'Press Save preferences',
      'prefs.retried': 'Press Try again', 'xstate.done.actor.load': 'The preferences load', 'xstate.error.actor.load': 'Loading fails',
      'xstate.done.actor.save': 'The server saves them', 'xstate.error.actor.save': 'The server refuses them',
    },
    checks: { loading: 'A loader in the digest card', loadFailed: 'The failure with Try again', editing: 'Frequency and section choices, Save preferences', saving: 'The button spins' },
  },
  {
    name: 'alerts',
    description: 'The header\'s bell: the digest\'s items since the last visit, counted on the bell; opening lists them and marks them read.',
    machine: alertsMachine,
    events: alertsEvents,
    variants: [{ label: 'a page of the portal opened' }],
    serializeState: (s) => JSON.stringify([s.value, (s.context as { alerts: { unread: number } | null }).alerts?.unread ?? null]),
    views: { bell: selectAlertsBellView },
    labels: {
      'alerts.opened': 'Click the bell', 'alerts.closed': 'Close the panel', 'alerts.retried': 'Ask again',
      'xstate.done.actor.load': 'The alerts load', 'xstate.error.actor.load': 'Loading fails',
      'xstate.done.actor.markRead': 'The server marks them read', 'xstate.error.actor.markRead': 'Marking read fails',
    },
    checks: { loading: 'The bell without a count', failed: 'The bell without a count', closed: 'The bell with the count of new items', markingRead: 'The panel listing the items; the count gone', open: 'The panel listing the items; the count gone' },
  },
];
