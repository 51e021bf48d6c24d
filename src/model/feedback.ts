import * as t from 'io-ts';
import { boundedString } from './codec.ts';
import { Min } from './match.ts';

export const MAX_COMMENT_LENGTH = 1000;

/** POST /match/feedback: a bad match with a comment, or a recommended MIN (spec §3 "Feedback"). */
export const BadMatchFeedback = t.exact(
  t.type({ min: Min, badMatchMin: Min, comment: boundedString(`a comment of 1 to ${MAX_COMMENT_LENGTH} characters`, 1, MAX_COMMENT_LENGTH) }),
);
export const RecommendationFeedback = t.exact(t.type({ min: Min, recommendedMin: Min }));
export const FeedbackPayload = t.union([BadMatchFeedback, RecommendationFeedback]);
export type FeedbackPayload = t.TypeOf<typeof FeedbackPayload>;

export const FeedbackResponse = t.type({ id: t.number });
export type FeedbackResponse = t.TypeOf<typeof FeedbackResponse>;

export const unknownMinMessage = (min: string) => `No item has the MIN ${min}.`;
