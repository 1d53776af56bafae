// Storing a published run: a Run with source 'published', its values (PublishedValue[]) and the
// source URL. No series or summaries: published latency percentiles stay values (metric
// 'latency' with transaction/endPoint/percentile labels), which the comparison table and the
// fairness checks read as they are; series are for runs with raw data (agent, import). Shared
// by the import (published.import) and the demo loader. Relative imports only.
import 'server-only';
import type { Disclosure, Provenance } from '@levelfield/contracts/provenance';
import { redactLabels, redactProvenance, redactString, redactValue } from '@levelfield/contracts/redact';
import type { Prisma, PrismaClient } from '@levelfield/db/client';
import type { PublishedValue } from '@levelfield/fairness';
import { PUBLISHED_KEY_LABEL } from './key.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export interface NewPublishedRun {
  projectId: string;
  name: string;
  system?: string | undefined;
  systemVersion?: string | undefined;
  benchmark: string;
  benchmarkVersion?: string | undefined;
  sourceUrl?: string | undefined;
  /** The run's start and end time: published runs have no run time of their own. */
  publishedAt: Date;
  provenance: Provenance;
  disclosure: Disclosure;
  values: PublishedValue[];
  labels?: Record<string, string>;
  createdById?: string | null | undefined;
}

/** The labels as stored: redacted, except the import's own key (a hash, which the rules would take for a key). */
function storedLabels(labels: Record<string, string>): Record<string, string> {
  const { [PUBLISHED_KEY_LABEL]: key, ...entered } = labels;
  return { ...redactLabels(entered), ...(key === undefined ? {} : { [PUBLISHED_KEY_LABEL]: key }) };
}

export async function storePublishedRun(db: Db, run: NewPublishedRun): Promise<{ id: string; name: string }> {
  const systemId = run.system
    ? (
        await db.system.upsert({
          where: { projectId_name: { projectId: run.projectId, name: run.system } },
          create: { projectId: run.projectId, name: run.system },
          update: {},
          select: { id: true },
        })
      ).id
    : null;
  return db.run.create({
    data: {
      projectId: run.projectId,
      systemId,
      name: run.name,
      benchmark: run.benchmark,
      benchmarkVersion: run.benchmarkVersion ?? null,
      systemVersion: run.systemVersion ?? null,
      status: 'succeeded',
      source: 'published',
      // The same redaction as the agent's and the ingest API's: a credential pasted from a
      // publication's setup (a DSN, a presigned artefact link) is never stored.
      labels: storedLabels(run.labels ?? {}),
      provenance: redactProvenance(run.provenance) as unknown as Prisma.InputJsonValue,
      disclosure: redactValue(run.disclosure) as unknown as Prisma.InputJsonValue,
      // A value's source may be a URL too (the artefact it was read from), shared the same way.
      values: run.values.map((v) =>
        v.source === undefined ? v : { ...v, source: redactString(v.source) },
      ) as unknown as Prisma.InputJsonValue,
      // A publication shared as a presigned or tokened link: the address stays, the signature goes.
      sourceUrl: run.sourceUrl === undefined ? null : redactString(run.sourceUrl),
      startedAt: run.publishedAt,
      endedAt: run.publishedAt,
      createdById: run.createdById ?? null,
    },
    select: { id: true, name: true },
  });
}
