// One error type for every surface (ingest API, tRPC, REST): a stable string code, a message
// that says what to fix, and where relevant the path of the offending input.
import type { z } from 'zod';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  /** A frame's series key is not declared in the same batch's series list. */
  SERIES_UNKNOWN: 400,
  /** Two frames of one batch claim the same (series, seq). */
  FRAME_DUPLICATE: 400,
  /** A latency frame without its HdrHistogram encoding. */
  HISTOGRAM_MISSING: 400,
  /** A timestamp too far in the future (beyond the allowed clock skew). */
  TIMESTAMP_OUT_OF_RANGE: 400,
  BODY_TOO_LARGE: 413,
  /** The URL or headers exceed the server's header size limit. */
  HEADERS_TOO_LARGE: 431,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOKEN_MISSING: 401,
  TOKEN_INVALID: 401,
  TOKEN_REVOKED: 401,
  TOKEN_SCOPE: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RUN_NOT_FOUND: 404,
  COMPARISON_NOT_FOUND: 404,
  RUN_FINISHED: 409,
  CONFLICT: 409,
  /** A series already exists in the run with another kind or unit. */
  SERIES_CONFLICT: 409,
  /** Over a request limit: retry after the Retry-After header's seconds. */
  RATE_LIMITED: 429,
  SHUTTING_DOWN: 503,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly path: string | undefined;
  /** Every problem when there are several (a published import names each line and field). */
  readonly details: readonly { field: string; message: string; line?: number }[] | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    path?: string,
    details?: readonly { field: string; message: string; line?: number }[],
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.path = path;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toJSON() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.path ? { path: this.path } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

/** Turns the first zod issue into an AppError that names the field and what it expects. */
export function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') ?? '';
  const message = issue ? `${path || 'body'}: ${issue.message}` : 'the request body is not valid';
  return new AppError('VALIDATION_FAILED', message, path || undefined);
}
