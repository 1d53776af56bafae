import { describe, expect, it } from 'vitest';
import {
  carriesUnit,
  formatBytes,
  formatCompact,
  formatCount,
  formatDecimal,
  formatDifference,
  formatFactor,
  formatFigure,
  formatFixed,
  formatLatency,
  formatMoney,
  formatPercent,
  formatPrinted,
  formatQuantity,
  formatRate,
  formatTimeSpan,
  formatUtc,
  formatUtcClock,
  formatUtcDate,
  formatWithUnit,
  isDurationUnit,
  toCsv,
  toMillis,
} from './format';

describe('formatLatency', () => {
  it('picks the unit from the value, three significant digits', () => {
    expect([0.00085, 0.0124, 0.269, 2.5, 22.4, 1107.9, 45_097.2].map((ms) => formatLatency(ms))).toEqual([
      '850 ns',
      '12.4 µs',
      '269 µs',
      '2.50 ms',
      '22.4 ms',
      '1.11 s',
      '45.1 s',
    ]);
  });

  it('rounds before choosing the unit, prints zero bare and drops trailing zeros on ticks', () => {
    expect(formatLatency(0.9997)).toBe('1.00 ms');
    expect(formatLatency(0)).toBe('0');
    expect([0.1, 1, 20, 10_000].map((ms) => formatLatency(ms, 'tick'))).toEqual([
      '100 µs',
      '1 ms',
      '20 ms',
      '10 s',
    ]);
  });

  it('reads stored units as milliseconds', () => {
    expect([toMillis('us', 1500), toMillis('ns', 2e6), toMillis('s', 1.5), toMillis('ms', 3)]).toEqual([
      1.5, 2, 1500, 3,
    ]);
    expect(['us', 'µs', 'ns', 'ms', 's'].every(isDurationUnit)).toBe(true);
    expect(['ops/s', 'tpmC', 'toString', ''].some(isDurationUnit)).toBe(false);
  });
});

describe('numbers with their units', () => {
  it('shortens rates with k, M and G', () => {
    expect([250, 12.5, 3259.3, 1_204_000, 2.5e9].map((v) => formatCompact(v))).toEqual([
      '250',
      '12.5',
      '3.26k',
      '1.20M',
      '2.50G',
    ]);
    expect(formatCompact(3000, 'tick')).toBe('3k');
    expect(formatRate(3259.3)).toBe('3.26k ops/s');
    expect(formatRate(0.5, 'errors/s')).toBe('0.500 errors/s');
  });

  it('prints counts whole, money with cents or its significant digits, percentages and sizes', () => {
    expect(formatCount(586_668)).toBe('586,668');
    expect([1234.5, 0.43, 0.0000831, 0].map(formatMoney)).toEqual([
      '$1,234.50',
      '$0.43',
      '$0.0000831',
      '$0.00',
    ]);
    expect([97.25, 99.95, 12].map(formatPercent)).toEqual(['97.25%', '99.95%', '12%']);
    expect([72 * 2 ** 30, 512 * 2 ** 20, 900].map(formatBytes)).toEqual(['72 GiB', '512 MiB', '900 B']);
    expect([0.52, 1000, 15_000, 1_800_000].map(formatTimeSpan)).toEqual([
      '520 µs',
      '1 s',
      '15 s',
      '30 min 0 s',
    ]);
  });

  it('prints a metric in its unit: latencies humanly, one way whatever unit they were stored in', () => {
    expect(formatQuantity(6635, 'us')).toBe('6.64 ms');
    expect(formatQuantity(6.635, 'ms')).toBe('6.64 ms');
    expect(formatQuantity(1807, 'tpmC')).toBe('1,807');
    expect(formatQuantity(1_684_437.4, 'tpmC')).toBe('1,684,437');
    expect(formatQuantity(3.14659, 'ops/s')).toBe('3.15');
    expect(formatQuantity(0.000083_12, 'USD/tpmC/h')).toBe('$0.0000831');
    expect(formatQuantity(5.18, 'USD/h')).toBe('$5.18');
    expect(formatQuantity(97.3, '%')).toBe('97.3%');
  });

  it('adds the unit where the figure stands alone and does not carry it', () => {
    expect(formatWithUnit(1807, 'tpmC')).toBe('1,807 tpmC');
    expect(formatWithUnit(6635, 'us')).toBe('6.64 ms');
    expect(formatWithUnit(5.18, 'USD/h')).toBe('$5.18/h');
    expect(formatWithUnit(12, '')).toBe('12');
    expect([carriesUnit('us'), carriesUnit('USD/h'), carriesUnit('ops/s')]).toEqual([true, true, false]);
  });

  it('prints a published number the one way, and the printed text only where there is no number', () => {
    expect(formatFigure({ value: 1807, text: '1807.00' }, 'tpmC')).toBe('1,807');
    expect(formatFigure({ value: null, text: 'N/A' }, 'tpmC')).toBe('N/A');
    expect(formatFigure({ value: null }, 'tpmC')).toBe('—');
  });
});

const one = (v: string | number | null) => toCsv([[v]]).replace(/\r\n$/, '');

describe('toCsv', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+cmd|/C calc!A0', "'+cmd|/C calc!A0"],
    ['-2+3+cmd|/C calc!A0', "'-2+3+cmd|/C calc!A0"],
    ['@SUM(1,2)', `"'@SUM(1,2)"`],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises a formula-looking text cell: %j', (input, expected) => {
    expect(one(input)).toBe(expected);
  });

  it.each([
    ['-12.5', '-12.5'],
    ['+3', '+3'],
    ['1e-3', '1e-3'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['2.3x slower', '2.3x slower'],
  ])('keeps ordinary text and plain numbers: %j', (input, expected) => {
    expect(one(input)).toBe(expected);
  });

  it('keeps numbers and empty cells', () => {
    expect(toCsv([[-4, null, 0.5]])).toBe('-4,,0.5\r\n');
  });
});

describe('dates', () => {
  it('prints UTC to the minute, and an absent date as a dash', () => {
    expect(formatUtc(new Date('2026-01-02T10:30:59Z'))).toBe('2026-01-02 10:30 UTC');
    expect(formatUtc(null)).toBe('—');
  });
});

describe('factors and differences', () => {
  it('prints a factor with three significant digits and a signed difference', () => {
    expect(formatFactor(73_123 / 32_232)).toBe('2.27×');
    expect(formatDifference(2.3 / (73_123 / 32_232) - 1)).toBe('+1.4%');
    expect(formatDifference(-0.123)).toBe('−12%');
    expect(formatDifference(0)).toBe('0%');
  });
});

describe('figures as printed', () => {
  it('keeps the print, adding the unit its column implies only where the print has none', () => {
    expect(formatPrinted('1,100*', 'ms')).toBe('1,100* ms');
    expect(formatPrinted('1.66', 'USD/h')).toBe('$1.66/h');
    expect(formatPrinted('$139.97', 'USD/h')).toBe('$139.97');
    expect(formatPrinted('95.0%', '%')).toBe('95.0%');
    expect(formatPrinted('40x slower', 'x')).toBe('40x slower');
    expect(formatPrinted('131109.8', 'tpmC')).toBe('131109.8');
    expect(formatPrinted('N/A', 'ms')).toBe('N/A');
  });
});

describe('decimals and dates', () => {
  it('prints up to or exactly n decimals, grouped, and UTC days and clock times', () => {
    expect(formatDecimal(99.90000000001, 4)).toBe('99.9');
    expect(formatDecimal(16384.000125, 6)).toBe('16,384.000125');
    expect(formatFixed(5, 1)).toBe('5.0');
    expect(formatFixed(0.9876, 2)).toBe('0.99');
    expect(formatUtcDate(new Date('2026-01-02T23:59:00Z'))).toBe('2026-01-02');
    expect(formatUtcDate(null)).toBe('—');
    expect(formatUtcClock(Date.UTC(2026, 0, 2, 10, 30, 15))).toBe('10:30:15');
  });
});
