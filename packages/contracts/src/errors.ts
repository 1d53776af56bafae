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
  /** The request's headers or body did not arrive within the server's time for a request. */
  REQUEST_TIMEOUT: 408,
  BODY_TOO_LARGE: 413,
  /** The URL or headers exceed the server's header size limit. */
  HEADERS_TOO_LARGE: 431,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The web app: the action needs a signed-in user (sign in, then try again). */
  UNAUTHENTICATED: 401,
  TOKEN_MISSING: 401,
  TOKEN_INVALID: 401,
  TOKEN_REVOKED: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_SCOPE: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RUN_NOT_FOUND: 404,
  COMPARISON_NOT_FOUND: 404,
  RUN_FINISHED: 409,
  /** A frame's (series, seq) is already stored with another start: a seq names one interval. */
  SEQ_REUSED: 409,
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

/**
 * A zod failure as an AppError: the message and path name the first offending field (what a
 * script prints), `details` every field with its own message (what a form puts beside each one).
 */
export function validationError(error: z.ZodError): AppError {
  const fieldOf = (issue: { path: PropertyKey[] }) => issue.path.map(String).join('.');
  const issue = error.issues[0];
  const path = issue ? fieldOf(issue) : '';
  const message = issue ? `${path || 'body'}: ${issue.message}` : 'the request body is not valid';
  const details = error.issues.map((each) => ({ field: fieldOf(each), message: each.message }));
  return new AppError('VALIDATION_FAILED', message, path || undefined, details);
}

/**
 * The AppError behind an error: the error itself, or the one a framework wrapped as its cause
 * (tRPC hands its callers a TRPCError whose cause is what the procedure threw). Null otherwise.
 */
export function appErrorOf(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof Error && error.cause instanceof AppError) return error.cause;
  return null;
}
