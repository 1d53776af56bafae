// Request and response bodies of the ingest API (docs/ingest-contract.md). The ingest API
// validates with these schemas and generates /openapi.json from them.
import { z } from 'zod';
import { Disclosure, Provenance, RunLabels } from './provenance.ts';

/** Bounds on what one request may carry; every byte from the network is hostile. */
export const INGEST_LIMITS = {
  bodyBytes: 1024 * 1024,
  framesPerBatch: 5000,
  seriesPerBatch: 1000,
  histogramBase64Chars: 64 * 1024,
  /** Timestamps must fall between 2000-01-01 and 1 day after the server's clock. */
  minTimestampMs: Date.UTC(2000, 0, 1),
  futureSkewMs: 24 * 60 * 60 * 1000,
  maxValue: 1e15,
} as const;

const EpochMs = z
  .number()
  .int()
  .min(INGEST_LIMITS.minTimestampMs, 'must be unix epoch milliseconds after 2000-01-01');

const Name = z.string().min(1).max(200);

export const CreateRunRequest = z.strictObject({
  project: z.string().min(1).max(100),
  system: z.strictObject({ name: Name, version: z.string().max(100).optional() }),
  benchmark: z.strictObject({ name: Name, version: z.string().max(100).optional() }),
  name: z.string().max(200).optional(),
  labels: RunLabels.default({}),
  startedAt: EpochMs,
  warmupMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000)
    .default(0),
  provenance: Provenance.default(Provenance.parse({})),
  disclosure: Disclosure.optional(),
});
export type CreateRunRequest = z.infer<typeof CreateRunRequest>;

export const CreateRunResponse = z.strictObject({ id: z.string(), url: z.string(), liveUrl: z.string() });

const Value = z.number().finite().min(0).max(INGEST_LIMITS.maxValue);

export const SeriesDeclaration = z.strictObject({
  key: z.string().min(1).max(64),
  name: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.:/ -]+$/, 'letters, digits, space and _ . : / - only'),
  kind: z.enum(['latency', 'counter', 'gauge']),
  unit: z.string().min(1).max(16),
  labels: z.record(z.string().min(1).max(64), z.string().max(256)).default({}),
});

export const FrameInput = z
  .strictObject({
    series: z.string().min(1).max(64),
    seq: z.number().int().min(0).max(2_147_483_647),
    startMs: EpochMs,
    endMs: EpochMs,
    warmup: z.boolean().default(false),
    count: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    min: Value,
    max: Value,
    mean: Value,
    p50: Value,
    p90: Value,
    p95: Value,
    p99: Value,
    p999: Value,
    histogram: z
      .string()
      .max(INGEST_LIMITS.histogramBase64Chars)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64 (HdrHistogram V2 compressed encoding)')
      .optional(),
  })
  .refine((f) => f.endMs >= f.startMs, { message: 'endMs must not be before startMs', path: ['endMs'] })
  .refine((f) => f.max >= f.min, { message: 'max must not be below min', path: ['max'] });

export const FrameBatch = z.strictObject({
  series: z.array(SeriesDeclaration).min(1).max(INGEST_LIMITS.seriesPerBatch),
  frames: z.array(FrameInput).min(1).max(INGEST_LIMITS.framesPerBatch),
});
export type FrameBatch = z.infer<typeof FrameBatch>;

export const FrameBatchResponse = z.strictObject({
  accepted: z.number().int(),
  duplicates: z.number().int(),
});

export const FinishRunRequest = z.strictObject({
  status: z.enum(['succeeded', 'failed', 'cancelled']),
  endedAt: EpochMs,
  exitCode: z.number().int().min(-1024).max(1024).optional(),
});
export type FinishRunRequest = z.infer<typeof FinishRunRequest>;

export const FinishRunResponse = z.strictObject({
  id: z.string(),
  status: FinishRunRequest.shape.status,
  endedAt: z.number().int(),
  exitCode: z.number().int().nullable(),
});

export const ErrorResponse = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), path: z.string().optional() }),
});
