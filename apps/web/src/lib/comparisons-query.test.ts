import { describe, expect, it } from 'vitest';
import { ComparisonsQuery, GalleryQuery, parseSearch, toSearch } from './comparisons-query';
import { escapeLike } from './like';

describe('the comparisons list’s URL', () => {
  it('reads what a link says and falls back to defaults for anything malformed', () => {
    const query = parseSearch(ComparisonsQuery, {
      q: ' tpcc ',
      state: 'flagged',
      size: '1000',
      page: ['2', '9'],
    });
    expect(query).toMatchObject({
      q: 'tpcc',
      state: 'flagged',
      size: 25,
      page: 2,
      sort: 'date',
      dir: 'desc',
    });
    expect(parseSearch(ComparisonsQuery, { state: 'bogus', sort: 'nope' })).toMatchObject({
      state: undefined,
      sort: 'date',
    });
  });

  it('writes only what differs from the defaults, and reads back the same view', () => {
    const query = parseSearch(ComparisonsQuery, { org: 'acme', sort: 'flags', page: '1' });
    const search = toSearch(ComparisonsQuery, query);
    expect(search).toBe('?org=acme&sort=flags');
    expect(parseSearch(ComparisonsQuery, Object.fromEntries(new URLSearchParams(search)))).toEqual(query);
    expect(toSearch(GalleryQuery, { page: 1 })).toBe('');
  });
});

describe('escapeLike', () => {
  it('matches wildcards and the escape character literally', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
