import { decodeHistogram, parseIntervalLogLine } from '@levelfield/metrics/hdr';
import { describe, expect, it } from 'vitest';
import { snapshotFixture } from '../snapshot-fixture.ts';
import { downloadName, hasHistograms, headlineCsv, histogramLog, reportJson } from './files.ts';

describe('report downloads', () => {
  it('names files by slug and version', () => {
    expect(downloadName('a-vs-b', 3, 'table.csv')).toBe('a-vs-b-v3-table.csv');
  });

  it('serves the snapshot with its version and hash', () => {
    const snapshot = snapshotFixture();
    const file = reportJson('a-vs-b', {
      version: 3,
      title: 'A vs B',
      sha256: 'ab'.repeat(32),
      publishedAt: new Date('2026-01-02T00:00:00Z'),
      snapshot,
    });
    const body = JSON.parse(file.body);
    expect(body).toMatchObject({ slug: 'a-vs-b', version: 3, sha256: 'ab'.repeat(32) });
    expect(body.snapshot).toEqual(snapshot);
  });

  it('writes the headline table one cell per line, quoting labels with commas', () => {
    const lines = headlineCsv(snapshotFixture()).body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'metric,unit,entry,value,text,ratio,quality,origin,formula,published_value,published_text',
    );
    expect(lines[1]).toBe('tpmC,tpmC,A,1000,,,,,,,');
    expect(lines[2]).toBe('tpmC,tpmC,"B, tuned",2000,,2,,,,,');
    expect(lines[3]).toBe('Latency New Order initiate p50,ms,A,,,,,,,,');
    expect(lines).toHaveLength(1 + 7 * 2);
  });

  it('keeps what is printed beside a figure: its text, "estimated", derived, the formula', () => {
    const snapshot = snapshotFixture();
    const row = snapshot.headline[0]!;
    row.cells[0] = { value: 1100, runs: [1100], text: '1,100*', quality: 'estimated', origin: 'imported' };
    row.cells[1] = { value: 95.5, runs: [95.5], origin: 'derived', formulaId: 'tpcc-efficiency/12.86' };
    const lines = headlineCsv(snapshot).body.trim().split('\r\n');
    expect(lines[1]).toBe('tpmC,tpmC,A,1100,"1,100*",,estimated,imported,,,');
    expect(lines[2]).toBe('tpmC,tpmC,"B, tuned",95.5,,2,,derived,tpcc-efficiency/12.86,,');
  });

  it('keeps the figure the publication printed beside a value Levelfield recomputed (seed 000)', () => {
    const snapshot = snapshotFixture();
    const row = snapshot.headline[0]!;
    row.cells[1] = {
      value: 139.97 / 1_684_437,
      runs: [139.97 / 1_684_437],
      origin: 'derived',
      formulaId: 'cost-per-tpmc-per-hour',
      published: { value: 0.0000831, text: '$0.0000831/hr' },
    };
    const lines = headlineCsv(snapshot).body.trim().split('\r\n');
    expect(lines[2]).toBe(
      `tpmC,tpmC,"B, tuned",${139.97 / 1_684_437},,2,,derived,cost-per-tpmc-per-hour,0.0000831,$0.0000831/hr`,
    );
  });

  it('writes one interval per run and latency series, tagged entry/run/series, readable back', () => {
    const snapshot = snapshotFixture({ measured: true });
    const log = histogramLog(snapshot)!;
    const entries = log.body
      .split('\n')
      .map(parseIntervalLogLine)
      .filter((e) => e !== null);
    expect(entries.map((e) => e.tag)).toEqual(['A/run-A/latency{txn=tx}', 'B_tuned/run-B/latency{txn=tx}']);
    // From the end of the warm-up (the first second) to the last interval's end; relative to the first run.
    expect(entries.map((e) => [e.startSeconds, e.intervalSeconds])).toEqual([
      [1, 2],
      [61, 2],
    ]);
    expect(entries[1]!.intervalMax).toBeCloseTo(decodeHistogram(entries[1]!.histogram).max / 1000, 2);
    expect(decodeHistogram(entries[0]!.histogram).totalCount).toBe(100);
  });

  it('keeps every value in the header on its comment line (a unit cannot forge a header line)', () => {
    const snapshot = snapshotFixture({ measured: true });
    const forged = 'us]\n#[StartTime: 0.000 (seconds since epoch)]\n#[BaseTime: 0.000 (seconds since epoch)';
    for (const entry of snapshot.entries)
      for (const run of entry.runs) for (const h of run.histograms) h.unit = forged;
    const lines = histogramLog(snapshot)!.body.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('#[StartTime:'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('#[BaseTime:'))).toHaveLength(1);
    expect(lines[0]).toContain('values in us]\\n#[StartTime: 0.000');
    expect(lines.map(parseIntervalLogLine).filter((e) => e !== null)).toHaveLength(2);
  });

  it('has no histogram log for reports of published results', () => {
    expect(hasHistograms(snapshotFixture())).toBe(false);
    expect(histogramLog(snapshotFixture())).toBeNull();
  });
});
