// The plumbing of the REST routes: bounded bodies and one error shape (AppError's JSON).
import 'server-only';
import { refuseContentEncoding, utf8Body } from '@levelfield/contracts/body';
import { AppError, appErrorOf, validationError } from '@levelfield/contracts/errors';
import { ZodError } from 'zod';
import { formatCount } from '~/lib/format';
import { PrintableDocument } from '../printable.ts';

/** 5 MB: the largest published import the tRPC procedure takes too. */
export const MAX_BODY_BYTES = 5_000_000;

/** The request body as text, refused (413) past `limit` bytes without reading the rest. */
export async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  const tooLarge = () =>
    new AppError(
      'BODY_TOO_LARGE',
      `the body is larger than ${formatCount(limit)} bytes: split it into several requests`,
    );
  if (declared > limit) throw tooLarge();
  refuseContentEncoding(request.headers.get('content-encoding'), 'it');
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  // A CSV saved by a spreadsheet in Windows-1252 is the usual body that is not UTF-8.
  return utf8Body(Buffer.concat(chunks), 'it', ' (from a spreadsheet, save as "CSV UTF-8")');
}

/**
 * The request with its body read into memory up to `limit` (BODY_TOO_LARGE past it), for
 * handlers such as tRPC's fetch adapter that would otherwise buffer a body of any size.
 */
export async function withBoundedBody(request: Request, limit = MAX_BODY_BYTES): Promise<Request> {
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  const body = await readBody(request, limit);
  return new Request(request.url, { method: request.method, headers: request.headers, body });
}

/** An error as an AppError (a zod failure becomes VALIDATION_FAILED naming the field), or null. */
function asAppError(error: unknown): AppError | null {
  return error instanceof ZodError ? validationError(error) : appErrorOf(error);
}

/** Error answers depend on who asked: never stored by a cache. */
const NO_STORE = { 'cache-control': 'private, no-store' };

/**
 * An AppError (or a zod failure) as its JSON answer; anything else is logged and
 * answered 500 without details. Every REST and download route answers its errors through this.
 */
export function errorResponse(raw: unknown): Response {
  const error = asAppError(raw);
  if (error) return Response.json(error.toJSON(), { status: error.status, headers: NO_STORE });
  console.error(raw);
  return Response.json(new AppError('INTERNAL', 'something went wrong on the server; try again').toJSON(), {
    status: 500,
    headers: NO_STORE,
  });
}

/**
 * JSON.parse with an AppError that says where the JSON broke, and no string a page cannot print
 * or PostgreSQL cannot store (NUL, control characters, lone surrogates): named by path.
 */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new AppError(
      'BAD_REQUEST',
      `the body is not valid JSON (${(e as Error).message}): check the brackets and quotes`,
    );
  }
  const printable = PrintableDocument.safeParse(value);
  if (!printable.success) throw validationError(printable.error);
  return value;
}
