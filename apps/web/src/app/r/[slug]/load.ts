// Loading a report for its pages: the viewer's access decides (private reports are not found for
// outsiders), ?version=N (or its old alias ?v=N, lib/report-version.ts) picks a version. Cached per request, so metadata and page read it once.
import 'server-only';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { versionSearch } from '~/lib/report-version';
import { guard } from '~/server/access-page';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { getReport } from '~/server/reports/read';
import { ReportRef } from '~/server/reports/schema';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter (?latency=a&latency=b reads a). */
export function param(
  params: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A version number from the query; a malformed one is a page that does not exist. */
export function versionParam(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const parsed = ReportRef.shape.version.safeParse(text);
  if (!parsed.success) notFound();
  return parsed.data;
}

export const loadReport = cache(async (slug: string, version: number | undefined) =>
  guard(
    getReport(db(), await viewerId(), slug, version),
    `/r/${slug}${version ? versionSearch(version) : ''}`,
  ),
);

export type LoadedReport = Awaited<ReturnType<typeof loadReport>>;
