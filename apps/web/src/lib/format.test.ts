import { describe, expect, it } from 'vitest';
import { toCsv } from './format';

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
