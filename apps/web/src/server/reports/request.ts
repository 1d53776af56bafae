// The report a REST or download request names: the slug from its path, the version as its query
// wrote it (lib/report-version.ts). Both kinds of route answer the same errors for what cannot be
// read.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import { ReportRef } from './schema.ts';

export function requestedReport(
  slug: string,
  version: string | undefined,
): { slug: string; version?: number } {
  const ref = ReportRef.safeParse({ slug, version });
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
