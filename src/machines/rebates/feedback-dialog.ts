import { map } from 'rxjs';
import { assign, fromEventObservable, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { FeedbackPayload, FeedbackResponse } from '../../model/feedback.ts';
import { FEEDBACK_SENT_MS } from '../../model/notices.ts';
import { ApiError } from '../../services/api-client.ts';
import { matchesService } from '../../services/matches-service.ts';
import { after$ } from '../../services/timers.ts';
import { tellParent } from '../tell-parent.ts';

/**
 * The feedback dialog (analytics spec §4): badMatch mode takes a comment on one similar item,
 * recommendation mode a MIN. Sending shows a spinner; success closes the dialog and shows
 * 'Feedback Sent!' for 4 seconds; failure keeps the dialog and says what is wrong: a MIN that is
 * not one (field error, nothing sent), the server's reason for refusing it (an unknown MIN), or
 * 'Failed to send feedback.' when the server did not answer.
 */
export const FEEDBACK_FAILED_MESSAGE = 'Failed to send feedback.';
export const MIN_SHAPE_MESSAGE = 'A MIN has only letters, digits and dashes (up to 40).';
const MIN_SHAPE = /^[A-Za-z0-9-]{1,40}$/;

/** What the dialog says after a failed send: the server's reason when it refused the feedback (4xx), else the general failure. */
export const feedbackFailure = (error: unknown): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.message ? error.message : FEEDBACK_FAILED_MESSAGE;

export type FeedbackMode = 'badMatch' | 'recommendation';

export interface FeedbackDialogContext {
  mode: FeedbackMode;
  min: string;
  badMatchMin: string | null;
  text: string;
  /** Why the last Send did not go through (shown under the field), or null. */
  failure: string | null;
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
    /** A recommended MIN that cannot be one: said at the field, nothing sent. */
    notAMin: ({ context }) => context.mode === 'recommendation' && context.text.trim() !== '' && !MIN_SHAPE.test(context.text.trim()),
  },
  actions: {
    /** The similar items (the parent) are asked for again, so a recommendation shows. */
    feedbackSent: tellParent({ type: 'matches.refreshed' })(),
    open: assign(({ event }) =>
      event.type === 'feedback.opened'
        ? { mode: event.mode, min: event.min, badMatchMin: event.mode === 'badMatch' ? event.badMatchMin : null, text: '', failure: null }
        : {},
    ),
    /** Typing clears the last failure: it was about the text before. */
    textChanged: assign(({ event }) => (event.type === 'feedback.textChanged' ? { text: event.value, failure: null } : {})),
    notAMinSaid: assign({ failure: MIN_SHAPE_MESSAGE }),
    sendFailed: assign({ failure: ({ event }) => feedbackFailure((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'feedbackDialog',
  context: { mode: 'badMatch', min: '', badMatchMin: null, text: '', failure: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'feedback.opened': { target: 'editing', actions: 'open' },
      },
    },
    editing: {
      on: {
        'feedback.textChanged': { actions: 'textChanged' },
        'feedback.submitted': [
          { guard: 'notAMin', actions: 'notAMinSaid' },
          { target: 'sending', guard: 'hasText' },
        ],
        'feedback.closed': 'closed',
      },
    },
    sending: {
      invoke: {
        id: 'sendFeedback',
        src: 'sendFeedback',
        input: ({ context }) => feedbackPayload(context),
        onDone: { target: 'sent', actions: 'feedbackSent' },
        onError: { target: 'editing', actions: 'sendFailed' },
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
