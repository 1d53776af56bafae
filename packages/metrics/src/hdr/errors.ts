/** Why an encoded histogram was rejected; stable strings for mapping to API error codes. */
export type HdrDecodeErrorCode =
  | 'BAD_BASE64'
  | 'TRUNCATED'
  | 'BAD_COOKIE'
  | 'BAD_LENGTH'
  | 'BAD_ZLIB'
  | 'TOO_LARGE'
  | 'BAD_HEADER'
  | 'BAD_PAYLOAD'
  | 'BAD_LOG_LINE';

/** Thrown for any encoded histogram (or interval log line) that cannot be decoded safely. */
export class HdrDecodeError extends Error {
  override readonly name = 'HdrDecodeError';
  readonly code: HdrDecodeErrorCode;

  constructor(code: HdrDecodeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
