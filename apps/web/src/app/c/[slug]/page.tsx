import type { Metadata } from 'next';
import { cache } from 'react';
import { guard } from '~/server/access-page';
import { viewerId as currentViewer } from '~/server/auth';
import { getComparison } from '~/server/comparisons/view';
import { db } from '~/server/db';
import { reportOfComparison } from '~/server/reports/of-comparison';
import { TRPCReactProvider } from '~/trpc/react';
import { ComparisonView } from './comparison-view';
import { PublishPanel } from './publish-panel';
import '../../../components/comparisons/comparison.css';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ slug: string }> };

const load = cache(async (slug: string) =>
  guard(getComparison(db(), await currentViewer(), slug), `/c/${slug}`),
);

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const view = await load((await params).slug);
  return { title: view.comparison.title };
}

export default async function ComparisonPage({ params }: Params) {
  const view = await load((await params).slug);
  const publish = view.permissions.publish ? (
    <PublishPanel
      comparison={{ slug: view.comparison.slug, title: view.comparison.title }}
      report={await reportOfComparison(db(), view.comparison.id)}
    />
  ) : null;
  return (
    <TRPCReactProvider>
      <ComparisonView initial={view} actions={publish} />
    </TRPCReactProvider>
  );
}
