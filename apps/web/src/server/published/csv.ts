// CSV import of published results: one row per value, rows of the same run name form one run.
// Pure (no database): parseCsv reads RFC 4180 text (quoted fields, "" escapes, line breaks in
// quotes, CRLF), csvToResults groups rows into PublishedResult inputs or returns errors that
// name the line and column. Columns are documented in README.md ("Published results").
import 'server-only';

export interface ImportError {
  /** 1-based line of the CSV file (the header is line 1), when the input was CSV. */
  line?: number;
  /** Where in the JSON or CSV: a column name or a path such as results[1].values[0].value. */
  field: string;
  message: string;
}

export interface CsvRecord {
  /** 1-based line the record starts on. */
  line: number;
  cells: string[];
}

/** RFC 4180 CSV → records; an unterminated quote is an error naming the line it opened on. */
export function parseCsv(text: string): { records: CsvRecord[] } | { error: ImportError } {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let afterQuote = false;
  const src = text.replace(/^\uFEFF/, '');
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]?.trim() === '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    afterQuote = false;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"') {
      if (cell.trim() !== '' || afterQuote)
        return {
          error: {
            line,
            field: 'CSV',
            message: `a quote inside an unquoted field: put the whole field in quotes and double the quote ("")`,
          },
        };
      cell = '';
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (c === '\r' && src[i + 1] === '\n') {
      // CRLF: the \n ends the record
    } else if (c === '\n') {
      endRecord();
      line++;
      recordLine = line;
    } else if (afterQuote) {
      if (c !== ' ' && c !== '\t')
        return {
          error: { line, field: 'CSV', message: 'text after a closing quote: end the field after the quote' },
        };
    } else cell += c;
  }
  if (quoted)
    return {
      error: {
        line: quoteLine,
        field: 'CSV',
        message: 'a quoted field is never closed: add the closing quote (")',
      },
    };
  endRecord();
  return { records };
}

/** Columns, in the documented order; aliases are accepted in any case, with - _ or spaces. */
export const CSV_COLUMNS = [
  { key: 'run', aliases: ['run', 'run name', 'name'], required: true },
  { key: 'system', aliases: ['system'], required: true },
  { key: 'system_version', aliases: ['system version'], required: false },
  { key: 'benchmark', aliases: ['benchmark'], required: true },
  { key: 'benchmark_version', aliases: ['benchmark version'], required: false },
  { key: 'source_url', aliases: ['source url', 'url'], required: true },
  { key: 'published', aliases: ['published', 'published at', 'date'], required: false },
  { key: 'quantity', aliases: ['quantity', 'metric'], required: true },
  { key: 'value', aliases: ['value'], required: true },
  { key: 'text', aliases: ['text'], required: false },
  { key: 'unit', aliases: ['unit'], required: false },
  { key: 'origin', aliases: ['origin'], required: false },
  { key: 'quality', aliases: ['quality'], required: false },
  { key: 'source', aliases: ['source', 'section'], required: false },
  { key: 'formula_id', aliases: ['formula id', 'formula'], required: false },
] as const;
type ColumnKey = (typeof CSV_COLUMNS)[number]['key'];

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ');

/** Run-level columns: every row of one run must agree on them. */
const RUN_COLUMNS: ColumnKey[] = [
  'system',
  'system_version',
  'benchmark',
  'benchmark_version',
  'source_url',
  'published',
];

export interface CsvResult {
  /** Line of each value, for naming rows in validation errors: lines[i] is values[i]'s line. */
  lines: number[];
  firstLine: number;
  input: Record<string, unknown>;
}

/**
 * Records → one PublishedResult input per run name (in order of first appearance), with the
 * CSV line of every value kept for error messages. Structural errors (header, column count,
 * numbers, rows of one run that disagree) are returned all at once.
 */
export function csvToResults(text: string): { results: CsvResult[] } | { errors: ImportError[] } {
  const parsed = parseCsv(text);
  if ('error' in parsed) return { errors: [parsed.error] };
  const [header, ...rows] = parsed.records;
  if (!header) return { errors: [{ field: 'CSV', message: 'the CSV is empty: start with a header row' }] };
  const index = new Map<ColumnKey, number>();
  const errors: ImportError[] = [];
  header.cells.forEach((name, i) => {
    const col = CSV_COLUMNS.find((c) => (c.aliases as readonly string[]).includes(norm(name)));
    if (!col)
      errors.push({
        line: header.line,
        field: name.trim() || `column ${i + 1}`,
        message: `unknown column “${name.trim()}”: use ${CSV_COLUMNS.map((c) => c.key).join(', ')}`,
      });
    else if (index.has(col.key))
      errors.push({ line: header.line, field: col.key, message: `column ${col.key} appears twice` });
    else index.set(col.key, i);
  });
  for (const col of CSV_COLUMNS)
    if (col.required && !index.has(col.key))
      errors.push({
        line: header.line,
        field: col.key,
        message: `the header has no ${col.key} column: add it`,
      });
  if (errors.length > 0) return { errors };
  if (rows.length === 0)
    return {
      errors: [
        { line: header.line, field: 'CSV', message: 'no rows after the header: add one row per value' },
      ],
    };

  const byRun = new Map<string, CsvResult & { runLine: Record<string, string> }>();
  for (const row of rows) {
    if (row.cells.length !== header.cells.length) {
      errors.push({
        line: row.line,
        field: 'CSV',
        message: `${row.cells.length} fields where the header has ${header.cells.length}: quote fields that contain commas`,
      });
      continue;
    }
    const get = (k: ColumnKey) => {
      const i = index.get(k);
      return i === undefined ? '' : (row.cells[i] ?? '').trim();
    };
    const run = get('run');
    if (!run) {
      errors.push({
        line: row.line,
        field: 'run',
        message: 'the run name is empty: name the run this value belongs to',
      });
      continue;
    }
    const rawValue = get('value');
    let value: number | null;
    if (rawValue === '' || /^n\/?a$/i.test(rawValue)) {
      if (!get('text')) {
        errors.push({
          line: row.line,
          field: 'value',
          message:
            'the value is empty: write the number, or leave it empty and put what was printed (e.g. N/A) in text',
        });
        continue;
      }
      value = null;
    } else if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(rawValue)) value = Number(rawValue);
    else {
      errors.push({
        line: row.line,
        field: 'value',
        message: `“${rawValue}” is not a number: write it plainly (1684437, 0.955) and keep the printed form in text`,
      });
      continue;
    }
    const runFields = Object.fromEntries(RUN_COLUMNS.map((k) => [k, get(k)]));
    let result = byRun.get(run);
    if (!result) {
      const input: Record<string, unknown> = {
        name: run,
        system: {
          name: runFields.system,
          ...(runFields.system_version ? { version: runFields.system_version } : {}),
        },
        benchmark: {
          name: runFields.benchmark,
          ...(runFields.benchmark_version ? { version: runFields.benchmark_version } : {}),
        },
        sourceUrl: runFields.source_url,
        values: [],
      };
      if (runFields.published) input.publishedAt = runFields.published;
      result = { lines: [], firstLine: row.line, input, runLine: runFields };
      byRun.set(run, result);
    } else {
      const differing = RUN_COLUMNS.find((k) => (runFields[k] ?? '') !== (result?.runLine[k] ?? ''));
      if (differing) {
        errors.push({
          line: row.line,
          field: differing,
          message: `run “${run}” has ${differing} “${result.runLine[differing]}” on line ${result.firstLine} and “${runFields[differing]}” here: every row of a run must agree`,
        });
        continue;
      }
    }
    const v: Record<string, unknown> = { quantity: get('quantity'), value, unit: get('unit') };
    for (const [col, key] of [
      ['text', 'text'],
      ['origin', 'origin'],
      ['quality', 'quality'],
      ['source', 'source'],
      ['formula_id', 'formulaId'],
    ] as const) {
      const s = get(col);
      if (s) v[key] = s;
    }
    (result.input.values as unknown[]).push(v);
    result.lines.push(row.line);
  }
  if (errors.length > 0) return { errors };
  return { results: [...byRun.values()].map(({ runLine: _r, ...r }) => r) };
}
