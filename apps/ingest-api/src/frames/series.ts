// Series rows for a batch. Ids never change once created, so a bounded in-memory cache lets
// steady-state batches skip this step; a miss upserts in the batch's own transaction.
import { AppError } from '@levelfield/contracts/errors';
import type { Queryable } from '../db.ts';
import { newId } from '../ids.ts';
import type { CheckedSeries } from './validate.ts';

export interface StoredSeries {
  id: string;
  kind: string;
  unit: string;
}

const CACHE_LIMIT = 200_000;

export class SeriesCache {
  /** runId → identity → stored series: no key is built per lookup. */
  private readonly runs = new Map<string, Map<string, StoredSeries>>();
  private size = 0;

  get(runId: string, series: CheckedSeries): StoredSeries | undefined {
    return this.runs.get(runId)?.get(series.identity);
  }

  /** Only after commit: a rolled-back batch's series do not exist. */
  remember(runId: string, series: CheckedSeries, stored: StoredSeries): void {
    // Dropping everything at the limit is crude but keeps memory bounded; misses only cost a query.
    if (this.size >= CACHE_LIMIT) {
      this.runs.clear();
      this.size = 0;
    }
    let run = this.runs.get(runId);
    if (!run) {
      run = new Map();
      this.runs.set(runId, run);
    }
    if (!run.has(series.identity)) this.size += 1;
    run.set(series.identity, stored);
  }
}

/** Throws SERIES_CONFLICT when a declaration disagrees with the stored series of its identity. */
function checkSameKind(stored: StoredSeries, series: CheckedSeries, index: number): StoredSeries {
  for (const field of ['kind', 'unit'] as const) {
    if (stored[field] !== series[field]) {
      throw new AppError(
        'SERIES_CONFLICT',
        `series "${series.name}" already exists in this run with ${field} "${stored[field]}": ` +
          'use another name or labels for a different metric',
        `series.${index}.${field}`,
      );
    }
  }
  return stored;
}

/** The stored series of each declaration when all are cached (steady state), else undefined. */
export function resolveCachedSeries(
  runId: string,
  declared: CheckedSeries[],
  cache: SeriesCache,
): StoredSeries[] | undefined {
  const resolved: StoredSeries[] = [];
  for (const [index, series] of declared.entries()) {
    const stored = cache.get(runId, series);
    if (!stored) return undefined;
    resolved.push(checkSameKind(stored, series, index));
  }
  return resolved;
}

/** Returns the stored series for each declaration, in order; creates the missing ones. */
export async function resolveSeries(
  client: Queryable,
  runId: string,
  declared: CheckedSeries[],
  cache: SeriesCache,
): Promise<StoredSeries[]> {
  const resolved = declared.map((series) => cache.get(runId, series));
  const missing = declared.filter((_, index) => !resolved[index]);
  if (missing.length > 0) {
    await client.query(
      `INSERT INTO series (id, run_id, name, kind, unit, labels, labels_key)
       SELECT id, $1, name, kind::"SeriesKind", unit, labels::jsonb, labels_key
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
              AS s(id, name, kind, unit, labels, labels_key)
       ON CONFLICT (run_id, name, labels_key) DO NOTHING`,
      [
        runId,
        missing.map(() => newId()),
        missing.map((s) => s.name),
        missing.map((s) => s.kind),
        missing.map((s) => s.unit),
        missing.map((s) => JSON.stringify(s.labels)),
        missing.map((s) => s.labelsKey),
      ],
    );
    const { rows } = await client.query<{
      id: string;
      name: string;
      labels_key: string;
      kind: string;
      unit: string;
    }>(
      `SELECT s.id, s.name, s.labels_key, s.kind::text AS kind, s.unit
         FROM series s JOIN unnest($2::text[], $3::text[]) AS k(name, labels_key)
              ON s.name = k.name AND s.labels_key = k.labels_key
        WHERE s.run_id = $1`,
      [runId, missing.map((s) => s.name), missing.map((s) => s.labelsKey)],
    );
    const byIdentity = new Map(rows.map((row) => [`${row.name}\u0000${row.labels_key}`, row]));
    declared.forEach((series, index) => {
      if (resolved[index]) return;
      const row = byIdentity.get(series.identity);
      if (row) resolved[index] = { id: row.id, kind: row.kind, unit: row.unit };
    });
  }
  return declared.map((series, index) => {
    const stored = resolved[index];
    if (!stored) throw new Error(`series ${series.name} vanished while being created`);
    return checkSameKind(stored, series, index);
  });
}
