// The report a REST or download request names: the slug from its path, the version from its
// query (lib/report-version.ts: ?version=N, or the alias ?v=N). Both kinds of route answer the
// same errors for what cannot be read.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import { versionQuery } from '~/lib/report-version';
import { ReportRef } from './schema.ts';

export function requestedReport(slug: string, url: string): { slug: string; version?: number } {
  const ref = ReportRef.safeParse({ slug, version: versionQuery(new URL(url).searchParams) });
  if (ref.success) return ref.data;
  // A slug that cannot exist is simply not found; a bad version is the caller's to fix.
  if (ref.error.issues.some((issue) => issue.path[0] === 'slug'))
    throw new AppError('NOT_FOUND', 'No report has this slug. Check the address.');
  throw new AppError(
    'VALIDATION_FAILED',
    'version must be a whole number ≥ 1, e.g. ?version=2 (leave it out for the latest)',
    'version',
  );
}
