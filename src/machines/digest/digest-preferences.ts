import { assign, setup } from 'xstate';
import { DEFAULT_PREFERENCES, type DigestFrequency, type DigestPreferences, type DigestSection } from '../../model/digest.ts';
import { browserTimeZone, digestService } from '../../services/digest-service.ts';
import { failureMessage } from '../account/account-form.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';

/**
 * Settings' digest preferences (docs/digest.md): load the user's choice, change how often and
 * which sections, save; the digest then comes at 07:00 in the browser's time zone.
 */

export interface DigestPreferencesContext {
  preferences: DigestPreferences;
  /** The zone saved with the choice (the browser's, given as input). */
  timeZone: string;
  failure: string | null;
  saved: boolean;
}

export type DigestPreferencesEvent =
  | { type: 'prefs.frequencyChanged'; frequency: DigestFrequency }
  | { type: 'prefs.sectionToggled'; section: DigestSection }
  | { type: 'prefs.submitted' }
  | { type: 'prefs.retried' };

export const digestPreferencesMachine = setup({
  types: {
    context: {} as DigestPreferencesContext,
    events: {} as DigestPreferencesEvent,
    input: {} as { timeZone?: string } | undefined,
  },
  actors: {
    load: fromObservableWithOutput<DigestPreferences>(() => digestService.preferences()),
    save: fromObservableWithOutput<DigestPreferences, DigestPreferences>((p) => digestService.savePreferences(p)),
  },
  actions: {
    setFailure: assign(({ event }) => ({ failure: failureMessage((event as { error?: unknown }).error) })),
    setPreferences: assign((_, params: { preferences: DigestPreferences; saved: boolean }) => ({ ...params, failure: null })),
    setFrequency: assign(({ context, event }) =>
      event.type === 'prefs.frequencyChanged' ? { preferences: { ...context.preferences, frequency: event.frequency }, saved: false } : {}),
    toggleSection: assign(({ context, event }) => {
      if (event.type !== 'prefs.sectionToggled') return {};
      const { sections } = context.preferences;
      const next = sections.includes(event.section) ? sections.filter((s) => s !== event.section) : [...sections, event.section];
      return { preferences: { ...context.preferences, sections: next }, saved: false };
    }),
  },
}).createMachine({
  id: 'digestPreferences',
  context: ({ input }) => ({ preferences: DEFAULT_PREFERENCES, timeZone: input?.timeZone ?? browserTimeZone(), failure: null, saved: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'editing', actions: { type: 'setPreferences', params: ({ event }) => ({ preferences: event.output, saved: false }) } },
        onError: { target: 'loadFailed', actions: 'setFailure' },
      },
    },
    loadFailed: { on: { 'prefs.retried': 'loading' } },
    editing: {
      on: {
        'prefs.frequencyChanged': { actions: 'setFrequency' },
        'prefs.sectionToggled': { actions: 'toggleSection' },
        'prefs.submitted': 'saving',
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ ...context.preferences, timeZone: context.timeZone }),
        onDone: { target: 'editing', actions: { type: 'setPreferences', params: ({ event }) => ({ preferences: event.output, saved: true }) } },
        onError: { target: 'editing', actions: 'setFailure' },
      },
    },
  },
});
