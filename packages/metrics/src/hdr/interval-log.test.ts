import { describe, expect, it } from 'vitest';
import { decodeHistogram } from './codec.ts';
import { HdrDecodeError } from './errors.ts';
import { formatIntervalLogComment, formatIntervalLogLine, parseIntervalLogLine } from './interval-log.ts';

// Written by Java HdrHistogram (jHiccup 2.0.7), as in HdrHistogram's own test logs.
const JAVA_LINE =
  'Tag=A,0.127,1.007,2.769,HISTFAAAAEV42pNpmSzMwMCgyAABTBDKT4GBgdnNYMcCBvsPEBEJISEuATEZMQ4uASkhIR4nrxg9v2lMaxhvMekILGZkKmcCAEf2CsI=';

describe('interval log lines', () => {
  it('parses a tagged line and its histogram', () => {
    const entry = parseIntervalLogLine(JAVA_LINE);
    expect(entry).toMatchObject({
      tag: 'A',
      startSeconds: 0.127,
      intervalSeconds: 1.007,
      intervalMax: 2.769,
    });
    const h = decodeHistogram(entry?.histogram ?? '');
    expect(h.totalCount).toBeGreaterThan(0);
    // The interval max is written in milliseconds here (values are nanoseconds / 1e6).
    expect(h.max / 1e6).toBeCloseTo(2.769, 2);
  });

  it('parses an untagged line', () => {
    const entry = parseIntervalLogLine(JAVA_LINE.slice('Tag=A,'.length));
    expect(entry?.tag).toBeUndefined();
    expect(entry?.startSeconds).toBe(0.127);
  });

  it('skips comments, the legend and blank lines', () => {
    expect(parseIntervalLogLine('#[Histogram log format version 1.2]')).toBeNull();
    expect(
      parseIntervalLogLine(
        '#[StartTime: 1441812279.474 (seconds since epoch), Wed Sep 09 08:24:39 PDT 2015]',
      ),
    ).toBeNull();
    expect(
      parseIntervalLogLine(
        '"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"',
      ),
    ).toBeNull();
    expect(parseIntervalLogLine('   ')).toBeNull();
  });

  it('rejects malformed lines', () => {
    for (const bad of ['0.1,1.0,HIST', 'Tag=,0.1,1,2,HIST', 'x,1,2,HIST', '0.1,1,2,HIST,extra', '1e,1,2,H']) {
      expect(() => parseIntervalLogLine(bad), bad).toThrow(HdrDecodeError);
    }
  });

  it('formats lines the parser reads back', () => {
    const entry = {
      tag: 'new_order',
      startSeconds: 0.127,
      intervalSeconds: 1.007,
      intervalMax: 2.769,
      histogram: 'HISTFAAA',
    };
    const line = formatIntervalLogLine(entry);
    expect(line).toBe('Tag=new_order,0.127,1.007,2.769,HISTFAAA');
    expect(parseIntervalLogLine(line)).toEqual(entry);
    expect(() => formatIntervalLogLine({ ...entry, tag: 'a b' })).toThrow(RangeError);
  });

  it('keeps a comment on one line whatever its text holds', () => {
    const unit = 'us]\n#[StartTime: 0.000 (seconds since epoch)]\r\n0.0,1.0,1.0,HISTFAAA\u2028\u001b[0m';
    const line = formatIntervalLogComment(`values in ${unit}`);
    expect(line.split(/\r\n|[\n\r\u2028\u2029\u0085]/)).toEqual([line]);
    expect(line).toBe(
      '#[values in us]\\n#[StartTime: 0.000 (seconds since epoch)]\\r\\n0.0,1.0,1.0,HISTFAAA\\u2028\\u001b[0m]',
    );
    expect(parseIntervalLogLine(line)).toBeNull();
    expect(formatIntervalLogComment('BaseTime: 12.000 (seconds since epoch)')).toBe(
      '#[BaseTime: 12.000 (seconds since epoch)]',
    );
  });
});
