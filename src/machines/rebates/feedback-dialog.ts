import { map } from 'rxjs';
import { assign, fromEventObservable, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { FeedbackPayload, FeedbackResponse } from '../../model/feedback.ts';
import { FEEDBACK_SENT_MS } from '../../model/notices.ts';
import { matchesService } from '../../services/matches-service.ts';
import { after$ } from '../../services/timers.ts';
import { tellParent } from '../tell-parent.ts';

/**
 * The feedback dialog (analytics spec §4): badMatch mode takes a comment on one similar item,
 * recommendation mode a MIN. Sending shows a spinner; success closes the dialog and shows
 * 'Feedback Sent!' for 4 seconds; failure keeps the dialog with 'Failed to send feedback.'.
 */
export const FEEDBACK_FAILED_MESSAGE = 'Failed to send feedback.';

export type FeedbackMode = 'badMatch' | 'recommendation';

export interface FeedbackDialogContext {
  mode: FeedbackMode;
  min: string;
  badMatchMin: string | null;
  text: string;
  failed: boolean;
}

export type FeedbackDialogEvent =
  | { type: 'feedback.opened'; mode: 'badMatch'; min: string; badMatchMin: string }
  | { type: 'feedback.opened'; mode: 'recommendation'; min: string }
  | { type: 'feedback.textChanged'; value: string }
  | { type: 'feedback.submitted' }
  | { type: 'feedback.closed' }
  | { type: 'feedback.noticeExpired' };

/** What the server gets: the comment or the recommended MIN, trimmed. */
export function feedbackPayload(c: FeedbackDialogContext): FeedbackPayload {
  return c.mode === 'badMatch'
    ? { min: c.min, badMatchMin: c.badMatchMin!, comment: c.text.trim() }
    : { min: c.min, recommendedMin: c.text.trim() };
}

export const feedbackDialogMachine = setup({
  types: { context: {} as FeedbackDialogContext, events: {} as FeedbackDialogEvent },
  actors: {
    noticeTimer: fromEventObservable(() => after$(FEEDBACK_SENT_MS).pipe(map((): FeedbackDialogEvent => ({ type: 'feedback.noticeExpired' })))),
    sendFeedback: fromObservableWithOutput<FeedbackResponse, FeedbackPayload>((input) => matchesService.sendFeedback(input)),
  },
  guards: {
    hasText: ({ context }) => context.text.trim() !== '',
  },
  actions: {
    /** The similar items (the parent) are asked for again, so a recommendation shows. */
    feedbackSent: tellParent({ type: 'matches.refreshed' })(),
    open: assign(({ event }) =>
      event.type === 'feedback.opened'
        ? { mode: event.mode, min: event.min, badMatchMin: event.mode === 'badMatch' ? event.badMatchMin : null, text: '', failed: false }
        : {},
    ),
  },
}).createMachine({
  id: 'feedbackDialog',
  context: { mode: 'badMatch', min: '', badMatchMin: null, text: '', failed: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'feedback.opened': { target: 'editing', actions: 'open' },
      },
    },
    editing: {
      on: {
        'feedback.textChanged': { actions: assign({ text: ({ event }) => event.value }) },
        'feedback.submitted': { target: 'sending', guard: 'hasText' },
        'feedback.closed': 'closed',
      },
    },
    sending: {
      invoke: {
        id: 'sendFeedback',
        src: 'sendFeedback',
        input: ({ context }) => feedbackPayload(context),
        onDone: { target: 'sent', actions: 'feedbackSent' },
        onError: { target: 'editing', actions: assign({ failed: true }) },
      },
    },
    // The dialog is gone; the 'Feedback Sent!' notification shows while here.
    sent: {
      invoke: { id: 'noticeTimer', src: 'noticeTimer' },
      on: {
        'feedback.noticeExpired': 'closed',
        'feedback.opened': { target: 'editing', actions: 'open' },
      },
    },
  },
});
