'use client';
// The annotated methodology section of a report, with the reviewer's controls: the threads
// grouped by what they anchor, a reply / resolve / reopen / accept form under each, and a form
// to open a thread on the version being read. After each change it refetches the threads and
// refreshes the server-rendered page, so the ThreadMarkers beside the report's items follow.
//
// Props the report page (app/r/[slug]/page.tsx) passes:
//   slug, version    the report and the version on the page (new threads are opened on it)
//   anchors          anchorsOf(report.version.snapshot) from ~/server/reports/anchors-of
//   canReview        report.permissions.review  — reviewers and up in the report's organization
//   canAccept        report.permissions.publish — the publishing side (editors, owners)
//   initialThreads   optional: (await serverCaller()).reports.threads.list({ slug }); with it the
//                    threads are in the server-rendered HTML, so they read without JavaScript.
//                    The page needs the list anyway for <ThreadMarker anchorKey threads />.
// Readers who cannot review may get <ReviewThreadsStatic slug version threads /> instead: the
// same list rendered on the server only. ReviewSection brings its own tRPC provider.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import type { ReportAnchors } from '~/server/reports/anchors-of';
import type { ReviewThreadView } from '~/server/reports/threads';
import { TRPCReactProvider, useTRPC } from '~/trpc/react';
import { OpenThreadForm } from './OpenThreadForm';
import { ThreadActions } from './ThreadActions';
import { AnnotatedMethodology, ThreadList, WHO_MAY_REVIEW } from './ThreadList';

export interface ReviewSectionProps {
  slug: string;
  version: number;
  anchors: ReportAnchors;
  canReview: boolean;
  canAccept: boolean;
  initialThreads?: ReviewThreadView[];
}

function ReviewSectionBody({
  slug,
  version,
  anchors,
  canReview,
  canAccept,
  initialThreads,
}: ReviewSectionProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const list = useQuery(trpc.reports.threads.list.queryOptions({ slug }, { initialData: initialThreads }));
  const threads = list.data ?? [];

  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.reports.threads.list.queryKey({ slug }) });
    router.refresh();
  };
  const opened = async (threadId: string) => {
    await changed();
    // Take the reviewer to the new thread, where the report's link to it will point too.
    window.location.hash = `thread-${threadId}`;
  };

  return (
    <AnnotatedMethodology threads={threads}>
      {list.isPending ? <p className="muted">Loading the review threads…</p> : null}
      {list.isError ? (
        <p className="alert" role="alert">
          Could not load the review threads: {list.error.message}
        </p>
      ) : null}
      {list.isSuccess ? (
        <ThreadList
          threads={threads}
          checks={anchors.checks}
          version={version}
          actions={
            canReview
              ? (thread) => <ThreadActions thread={thread} canAccept={canAccept} onChanged={changed} />
              : undefined
          }
        />
      ) : null}
      {canReview ? (
        <OpenThreadForm slug={slug} version={version} anchors={anchors} onOpened={opened} />
      ) : (
        <p className="muted small">{WHO_MAY_REVIEW}</p>
      )}
    </AnnotatedMethodology>
  );
}

export function ReviewSection(props: ReviewSectionProps) {
  return (
    <TRPCReactProvider>
      <ReviewSectionBody {...props} />
    </TRPCReactProvider>
  );
}
