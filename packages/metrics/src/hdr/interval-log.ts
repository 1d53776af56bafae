/**
 * Lines of an HdrHistogram interval log (.hlog, as written by HdrHistogram's
 * HistogramLogWriter in Java and Go, jHiccup, wrk2 and others):
 *
 *   [Tag=<tag>,]<start s>,<interval length s>,<interval max>,<base64 compressed V2 histogram>
 *
 * Comment lines start with '#' (e.g. "#[StartTime: …]", "#[BaseTime: …]") and the legend line
 * starts with '"StartTimestamp"'. The interval max is in the log's max-value unit (the writers
 * divide by a ratio, 1e6 by default), so it is informational; use the decoded histogram.
 */
import { HdrDecodeError } from './errors.ts';

export interface IntervalLogEntry {
  tag?: string;
  /** Interval start, seconds (relative to the log's base time when it has one). */
  startSeconds: number;
  intervalSeconds: number;
  /** Interval maximum as written, in the log's max-value unit. */
  intervalMax: number;
  /** Base64 of the compressed V2 histogram; decode with decodeHistogram. */
  histogram: string;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function parseNumber(field: string | undefined, what: string): number {
  if (field === undefined || !NUMBER.test(field)) {
    throw new HdrDecodeError(
      'BAD_LOG_LINE',
      `interval log line: ${what} ${JSON.stringify(field)} is not a number`,
    );
  }
  return Number(field);
}

/** Parses one interval line; returns null for blank, comment and legend lines. */
export function parseIntervalLogLine(line: string): IntervalLogEntry | null {
  const text = line.trim();
  if (text === '' || text.startsWith('#') || text.startsWith('"StartTimestamp"')) return null;
  const fields = text.split(',');
  let tag: string | undefined;
  if (fields[0]?.startsWith('Tag=')) {
    tag = fields.shift()?.slice(4);
    if (!tag) throw new HdrDecodeError('BAD_LOG_LINE', 'interval log line: empty Tag=');
  }
  if (fields.length !== 4) {
    throw new HdrDecodeError(
      'BAD_LOG_LINE',
      `interval log line: expected 4 fields after the tag, got ${fields.length}`,
    );
  }
  const entry: IntervalLogEntry = {
    startSeconds: parseNumber(fields[0], 'start timestamp'),
    intervalSeconds: parseNumber(fields[1], 'interval length'),
    intervalMax: parseNumber(fields[2], 'interval max'),
    histogram: fields[3] ?? '',
  };
  if (tag !== undefined) entry.tag = tag;
  return entry;
}

/** Formats one interval line (3 decimals, as the Java writer). */
export function formatIntervalLogLine(entry: IntervalLogEntry): string {
  if (entry.tag !== undefined && /[,\s]/.test(entry.tag)) {
    throw new RangeError('an interval log tag cannot contain commas, spaces or line breaks');
  }
  const tag = entry.tag === undefined ? '' : `Tag=${entry.tag},`;
  return `${tag}${entry.startSeconds.toFixed(3)},${entry.intervalSeconds.toFixed(3)},${entry.intervalMax.toFixed(3)},${entry.histogram}`;
}

/** Characters that could end a comment line in some reader, or make it unreadable. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Formats a comment line ("#[…]") that stays one line whatever the text holds: line breaks and
 * other control characters are written as visible escapes (\n, \u001b). A value printed into a
 * header (a unit, a series name) can then never start a line of its own, such as a forged
 * "#[StartTime: …]" that readers take as the log's base time.
 */
export function formatIntervalLogComment(text: string): string {
  const escaped = text.replace(
    CONTROL,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `#[${escaped}]`;
}
