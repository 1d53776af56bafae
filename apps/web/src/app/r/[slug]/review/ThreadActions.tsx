'use client';
// A reviewer's controls under one thread: reply, resolve or reopen, and — for the publishing
// side — accept. The server checks the roles again; these only hide what would be refused.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ThreadState } from '~/lib/review-rules';
import type { ReviewThreadView } from '~/server/reports/threads';
import { errorText } from '~/trpc/errors';
import { useTRPC } from '~/trpc/react';
import { CommentField, checkBody } from './comment-field';

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
  const [error, setError] = useState<string | null>(null);
  const settle = {
    onSuccess: async () => {
      setError(null);
      await onChanged();
    },
    onError: (e: unknown) => setError(errorText(e, 'Could not save: check your connection and try again.')),
  };
  const comment = useMutation(
    trpc.reports.threads.comment.mutationOptions({
      ...settle,
      onSuccess: async () => {
        setBody('');
        await settle.onSuccess();
      },
    }),
  );
  const setState = useMutation(trpc.reports.threads.setState.mutationOptions(settle));
  const busy = comment.isPending || setState.isPending;

  const reply = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBody(body);
    if ('error' in checked) return setError(checked.error);
    comment.mutate({ threadId: thread.id, body: checked.body });
  };

  return (
    <form className="thread-actions" onSubmit={reply}>
      <CommentField
        label={`Reply to the thread on ${thread.anchorLabel}`}
        showLabel={false}
        rows={2}
        placeholder="Reply…"
        value={body}
        onChange={setBody}
        error={error}
      />
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
