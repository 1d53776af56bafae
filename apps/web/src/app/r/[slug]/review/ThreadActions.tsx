'use client';
// A reviewer's controls under one thread: reply, resolve or reopen, and — for the publishing
// side — accept. The server checks the roles again; these only hide what would be refused.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useZodForm } from '~/components/forms/use-zod-form';
import type { ThreadState } from '~/lib/review-rules';
import { CommentForm } from '~/lib/schemas/review';
import type { ReviewThreadView } from '~/server/reports/threads';
import { errorText } from '~/trpc/errors';
import { useTRPC } from '~/trpc/react';
import { CommentField } from './comment-field';

const BUTTONS: { state: ThreadState; label: string; needsAccept: boolean }[] = [
  { state: 'resolved', label: 'Resolve', needsAccept: false },
  { state: 'open', label: 'Reopen', needsAccept: false },
  { state: 'accepted', label: 'Accept', needsAccept: true },
];

export function ThreadActions({
  thread,
  canAccept,
  onChanged,
}: {
  thread: ReviewThreadView;
  canAccept: boolean;
  onChanged: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const [body, setBody] = useState('');
  const comment = useMutation(trpc.reports.threads.comment.mutationOptions());
  const reply = useZodForm(
    CommentForm,
    async (input) => {
      await comment.mutateAsync({ threadId: thread.id, ...input });
      setBody('');
      await onChanged();
    },
    { read: () => ({ body }) },
  );
  // Resolve, reopen and accept are buttons beside the reply, not a form: their refusal shows below.
  const setState = useMutation(trpc.reports.threads.setState.mutationOptions({ onSuccess: onChanged }));
  const busy = reply.pending || setState.isPending;

  return (
    <form className="thread-actions" onSubmit={reply.onSubmit}>
      <CommentField
        label={`Reply to the thread on ${thread.anchorLabel}`}
        showLabel={false}
        rows={2}
        placeholder="Reply…"
        value={body}
        onChange={setBody}
        form={reply}
      />
      {setState.error ? (
        <p className="field-error" role="alert">
          {errorText(setState.error, 'Could not save: check your connection and try again.')}
        </p>
      ) : null}
      <div className="review-buttons">
        <button type="submit" className="button small primary" disabled={busy}>
          Reply
        </button>
        {BUTTONS.filter((b) => b.state !== thread.state && (!b.needsAccept || canAccept)).map((b) => (
          <button
            key={b.state}
            type="button"
            className="button small"
            disabled={busy}
            onClick={() => setState.mutate({ threadId: thread.id, state: b.state })}
          >
            {b.label}
          </button>
        ))}
      </div>
    </form>
  );
}
