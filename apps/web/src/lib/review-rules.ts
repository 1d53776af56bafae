// The rules of review threads, free of server imports so the forms apply them too: the states
// of a thread and who may move it there, how a state change is recorded, what a comment may be.
//
// Reviewers (the `review` action) resolve and reopen; only the publishing side (`publish`)
// accepts — "accepted by the author".
//
// Each change is kept in the thread's history as a comment by whoever made it, with one of the
// fixed bodies below: the history then shows who resolved, reopened or accepted it, and when,
// in order with the discussion and visible to every reader — a notification alone would reach
// only its recipients, and no one when the actor is the only participant. A typed comment may
// not be exactly one of these bodies (ReviewBody rejects them), so an event is never forged.
import { z } from 'zod';
import type { Action } from '~/server/access';

export const THREAD_STATES = ['open', 'resolved', 'accepted'] as const;
export type ThreadState = (typeof THREAD_STATES)[number];

export function actionToSet(state: ThreadState): Action {
  return state === 'accepted' ? 'publish' : 'review';
}

const EVENT_BODY: Record<ThreadState, string> = {
  open: 'reopened this thread',
  resolved: 'marked this thread resolved',
  accepted: 'accepted this thread on behalf of the authors',
};

/** The history comment recording a change to `state`. */
export function stateEventBody(state: ThreadState): string {
  return EVENT_BODY[state];
}

/** The state a history comment records, or null for a typed comment. */
export function stateEventOf(body: string): ThreadState | null {
  return THREAD_STATES.find((state) => EVENT_BODY[state] === body) ?? null;
}

/** How a notification says it: "Ana resolved the thread on F-HW-1". */
export const STATE_VERB: Record<ThreadState, string> = {
  open: 'reopened',
  resolved: 'resolved',
  accepted: 'accepted',
};

/** A comment: trimmed, 1–10,000 characters, and not one of the state-change sentences. */
export const ReviewBody = z
  .string()
  .trim()
  .min(1, 'Write a comment first: an empty comment is not saved.')
  .max(10_000, 'A comment has at most 10,000 characters; split it into two.')
  .refine((body) => stateEventOf(body) === null, {
    message: 'This sentence is how state changes are recorded; use the Resolve, Reopen or Accept button.',
  });
