import { describe, expect, it } from 'vitest';
import { discussedCheck, discussHref } from './discuss';

describe('discuss links', () => {
  it('round-trips a check id through the hash', () => {
    expect(discussHref('F-HW-2')).toBe('#discuss-F-HW-2');
    expect(discussedCheck(discussHref('F-HW-2'))).toBe('F-HW-2');
  });
  it('ignores other hashes', () => {
    expect(discussedCheck('#check-F-HW-2')).toBeNull();
    expect(discussedCheck('')).toBeNull();
  });
});
