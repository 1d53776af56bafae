import { describe, expect, it } from 'vitest';
import { csvToResults, parseCsv } from './csv.ts';
import { validatePublished } from './import.ts';

const HEADER = 'run,system,benchmark,source_url,quantity,value,text,unit,origin,quality,source';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes, line breaks and CRLF', () => {
    const r = parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\r\nplain,,last\n');
    expect(r).toEqual({
      records: [
        { line: 1, cells: ['a', 'b', 'c'] },
        { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
        { line: 4, cells: ['plain', '', 'last'] },
      ],
    });
  });
  it('names the line of an unclosed quote', () => {
    expect(parseCsv('a,b\n1,2\n"open,3\n')).toMatchObject({ error: { line: 3 } });
  });
  it('rejects a quote inside an unquoted field', () => {
    expect(parseCsv('a,b\n1,x"y\n')).toMatchObject({ error: { line: 2 } });
  });
});

describe('csvToResults', () => {
  it('groups rows by run and keeps printed text, origin shorthand and latency quantities', () => {
    const csv = [
      HEADER,
      'Rama,Rama,TPC-C,https://example.com/rama,tpmC,"1684437","1,684,437",tpmC,imported,measured,Table 1',
      'Rama,Rama,TPC-C,https://example.com/rama,latency.delivery.complete.p50,1100,"1,100*",ms,estimated,,footnote',
    ].join('\n');
    const v = validatePublished({ format: 'csv', text: csv, results: [] });
    expect('results' in v && v.results).toHaveLength(1);
    if (!('results' in v)) throw new Error('invalid');
    const [run] = v.results;
    expect(run?.values[0]).toMatchObject({
      metric: 'tpmC',
      value: 1684437,
      text: '1,684,437',
      quality: 'measured',
    });
    expect(run?.values[1]).toMatchObject({
      metric: 'latency',
      labels: { transaction: 'Delivery', endPoint: 'complete', percentile: 'p50' },
      origin: 'imported',
      quality: 'estimated',
    });
  });
  it('reports every bad row with its line and column, and stores nothing', () => {
    const csv = [
      HEADER,
      'A,S,TPC-C,https://example.com,tpmC,12x,,,,,',
      'A,S,TPC-C,https://example.com,tpmC,1,,,,,',
      'B,S,TPC-C,https://example.com,tpmC,1,,,',
      'C,S,TPC-C,not a url,tpmC,1,,,,,',
    ].join('\n');
    const structural = csvToResults(csv);
    expect(structural).toEqual({
      errors: [
        expect.objectContaining({ line: 2, field: 'value' }),
        expect.objectContaining({ line: 4, field: 'CSV' }),
      ],
    });
    const fixed = csv.replace('12x', '12').replace('tpmC,1,,,\n', 'tpmC,1,,,,,\n');
    const v = validatePublished({ format: 'csv', text: fixed, results: [] });
    expect(v).toEqual({ errors: [expect.objectContaining({ line: 5, field: 'source_url' })] });
  });
  it('names a missing column and an unknown one', () => {
    const r = csvToResults('run,system,benchmark,quantity,value,colour\nA,S,B,tpmC,1,red');
    expect(r).toEqual({
      errors: [
        expect.objectContaining({ field: 'colour' }),
        expect.objectContaining({ field: 'source_url', message: expect.stringContaining('add it') }),
      ],
    });
  });
  it('flags rows of one run that disagree on the source', () => {
    const csv = [
      HEADER,
      'A,S,B,https://a.example,tpmC,1,,,,,',
      'A,S,B,https://b.example,efficiency,0.9,,,,,',
    ].join('\n');
    expect(csvToResults(csv)).toEqual({
      errors: [expect.objectContaining({ line: 3, field: 'source_url' })],
    });
  });
});

describe('README', () => {
  it('documents a JSON example that imports as it stands', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('### Published results'));
    const json = section.match(/```json\n([\s\S]*?)```/)?.[1];
    expect(json).toBeTruthy();
    const v = validatePublished({ format: 'json', text: json ?? '', results: [] });
    expect(v).toMatchObject({ results: [{ name: 'Rama, 4 nodes' }] });
  });
});
