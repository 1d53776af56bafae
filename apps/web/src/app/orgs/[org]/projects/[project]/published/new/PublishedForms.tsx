'use client';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import Link from 'next/link';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { EMPTY_SETUP, type SetupDraft, setupToDocuments } from '~/lib/published-setup';
import { useTRPC } from '~/trpc/react';
import { SetupFields } from './SetupFields';

interface ImportError {
  line?: number;
  field: string;
  message: string;
}

interface Target {
  org: string;
  project: string;
}

function useImport(onStored?: () => void) {
  const trpc = useTRPC();
  const [errors, setErrors] = useState<ImportError[]>([]);
  const [stored, setStored] = useState<StoredRun[]>([]);
  const [warnings, setWarnings] = useState<ImportError[]>([]);
  const mutation = useMutation(
    trpc.published.import.mutationOptions({
      onSuccess: (out) => {
        if (out.status === 'invalid') {
          setErrors(out.errors);
          setStored([]);
        } else {
          setErrors([]);
          setStored(out.runs);
          setWarnings(out.warnings);
          onStored?.();
        }
      },
      onError: (e) =>
        setErrors([
          {
            field: 'import',
            message: e instanceof TRPCClientError ? e.message : 'Could not import: try again.',
          },
        ]),
    }),
  );
  return { mutation, errors, setErrors, stored, warnings };
}

/** "values[2].value" → "Value row 3, value" for the form. */
function formField(field: string): string {
  const m = field.match(/^values\[(\d+)\]\.?(.*)$/);
  if (m) return `Value row ${Number(m[1]) + 1}${m[2] ? `, ${m[2]}` : ''}`;
  return field;
}

function Errors({
  errors,
  title,
  rename,
}: {
  errors: ImportError[];
  title: string;
  rename?: (f: string) => string;
}) {
  if (errors.length === 0) return null;
  return (
    <div className="alert" role="alert">
      <p>
        <strong>{title}</strong> Nothing was stored. Fix {errors.length === 1 ? 'this' : 'these'} and try
        again:
      </p>
      <ul className="import-errors">
        {errors.map((e) => (
          <li key={`${e.line ?? ''}-${e.field}-${e.message}`}>
            {e.line ? `Line ${e.line}, ` : ''}
            <code>{rename ? rename(e.field) : e.field}</code>: {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

type StoredRun = { id: string; name: string; existing: boolean };

function RunLinks({ runs }: { runs: StoredRun[] }) {
  return runs.map((r, i) => (
    <span key={r.id}>
      {i > 0 ? ', ' : ''}
      <Link href={`/runs/${r.id}`}>{r.name}</Link>
    </span>
  ));
}

/** What the import did: new runs, results entered before (import is idempotent), fields of one's own. */
function Stored({ runs, warnings = [] }: { runs: StoredRun[]; warnings?: ImportError[] }) {
  if (runs.length === 0) return null;
  const added = runs.filter((r) => !r.existing);
  const existing = runs.filter((r) => r.existing);
  return (
    <div className="notice ok" role="status">
      {added.length > 0 ? (
        <p>
          Stored {added.length} published run{added.length === 1 ? '' : 's'}: <RunLinks runs={added} />.
        </p>
      ) : null}
      {existing.length > 0 ? (
        <p>
          Already stored, not added again (same source and values): <RunLinks runs={existing} />.
        </p>
      ) : null}
      {warnings.length > 0 ? (
        <ul className="import-errors">
          {warnings.map((w) => (
            <li key={w.field}>
              <code>{w.field}</code>: {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      <Link href="/runs">Open the runs explorer</Link>
    </div>
  );
}

interface Row {
  key: number;
  quantity: string;
  value: string;
  text: string;
  unit: string;
  quality: 'measured' | 'estimated' | 'quoted';
  source: string;
  formulaId: string;
}

let nextKey = 1;
const emptyRow = (): Row => ({
  key: nextKey++,
  quantity: '',
  value: '',
  text: '',
  unit: '',
  quality: 'measured',
  source: '',
  formulaId: '',
});

export function EnterResultForm({ org, project }: Target) {
  const [fields, setFields] = useState({
    system: '',
    systemVersion: '',
    benchmark: '',
    benchmarkVersion: '',
    name: '',
    sourceUrl: '',
    publishedAt: '',
  });
  const [rows, setRows] = useState<Row[]>([emptyRow()]);
  const [setup, setSetup] = useState<SetupDraft>(EMPTY_SETUP);
  const { mutation, errors, setErrors, stored, warnings } = useImport(() => setRows([emptyRow()]));
  const set = (k: keyof typeof fields) => (e: ChangeEvent<HTMLInputElement>) =>
    setFields({ ...fields, [k]: e.target.value });
  const setRow = (key: number, patch: Partial<Row>) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = (s: string) => {
      const t = s.trim();
      if (t === '') return null;
      const n = Number(t);
      return Number.isFinite(n) ? n : t;
    };
    const documents = setupToDocuments(setup, { system: fields.system, sourceUrl: fields.sourceUrl });
    if ('errors' in documents) {
      setErrors(documents.errors);
      return;
    }
    mutation.mutate({
      org,
      project,
      format: 'results',
      results: [
        {
          system: { name: fields.system, ...(fields.systemVersion ? { version: fields.systemVersion } : {}) },
          benchmark: {
            name: fields.benchmark,
            ...(fields.benchmarkVersion ? { version: fields.benchmarkVersion } : {}),
          },
          name: fields.name,
          sourceUrl: fields.sourceUrl,
          ...(fields.publishedAt ? { publishedAt: fields.publishedAt } : {}),
          ...documents,
          values: rows.map((r) => ({
            quantity: r.quantity,
            value: value(r.value),
            unit: r.unit,
            origin: 'imported',
            quality: r.quality,
            ...(r.text.trim() ? { text: r.text.trim() } : {}),
            ...(r.source.trim() ? { source: r.source.trim() } : {}),
            ...(r.formulaId.trim() ? { formulaId: r.formulaId.trim() } : {}),
          })),
        },
      ],
    });
  };
  return (
    <form className="form panel published-form" onSubmit={submit} aria-label="Enter a published result">
      <h2>Enter one result</h2>
      <div className="published-grid">
        <label>
          System
          <input required value={fields.system} onChange={set('system')} placeholder="e.g. CockroachDB" />
        </label>
        <label>
          <span>
            System version <span className="muted small">(optional)</span>
          </span>
          <input value={fields.systemVersion} onChange={set('systemVersion')} placeholder="e.g. 24.3" />
        </label>
        <label>
          Benchmark
          <input required value={fields.benchmark} onChange={set('benchmark')} placeholder="e.g. TPC-C" />
        </label>
        <label>
          <span>
            Benchmark version <span className="muted small">(optional)</span>
          </span>
          <input value={fields.benchmarkVersion} onChange={set('benchmarkVersion')} placeholder="e.g. 5.11" />
        </label>
        <label>
          Run name
          <input
            required
            value={fields.name}
            onChange={set('name')}
            placeholder="e.g. 4 nodes, 128 warehouses"
          />
        </label>
        <label>
          Source URL
          <input
            required
            type="url"
            value={fields.sourceUrl}
            onChange={set('sourceUrl')}
            placeholder="https://…"
          />
        </label>
        <label>
          <span>
            Published on <span className="muted small">(optional)</span>
          </span>
          <input type="date" value={fields.publishedAt} onChange={set('publishedAt')} />
        </label>
      </div>
      <fieldset>
        <legend>Values, as printed</legend>
        <p className="muted small">
          Quantity: <code>tpmC</code>, <code>efficiency</code>, <code>latency.new_order.complete.p99</code> or{' '}
          <code>latency[transaction=Payment, percentile=p99]</code>. Value is the plain number; Text is the
          figure exactly as printed (<code>1,100*</code>), Source the section or table.
        </p>
        <div className="table-wrap published-values-wrap">
          <table className="table published-values">
            <thead>
              <tr>
                <th>#</th>
                <th>Quantity</th>
                <th>Value</th>
                <th>Text as printed</th>
                <th>Unit</th>
                <th>Quality</th>
                <th>Source</th>
                <th>Formula id</th>
                <th>
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.key}>
                  <td>{i + 1}</td>
                  <td>
                    <input
                      aria-label={`Quantity, row ${i + 1}`}
                      required
                      value={r.quantity}
                      onChange={(e) => setRow(r.key, { quantity: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Value, row ${i + 1}`}
                      inputMode="decimal"
                      value={r.value}
                      onChange={(e) => setRow(r.key, { value: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Text as printed, row ${i + 1}`}
                      value={r.text}
                      onChange={(e) => setRow(r.key, { text: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Unit, row ${i + 1}`}
                      value={r.unit}
                      size={6}
                      onChange={(e) => setRow(r.key, { unit: e.target.value })}
                    />
                  </td>
                  <td>
                    <select
                      aria-label={`Quality, row ${i + 1}`}
                      value={r.quality}
                      onChange={(e) => setRow(r.key, { quality: e.target.value as Row['quality'] })}
                    >
                      <option value="measured">measured</option>
                      <option value="estimated">estimated</option>
                      <option value="quoted">quoted</option>
                    </select>
                  </td>
                  <td>
                    <input
                      aria-label={`Source, row ${i + 1}`}
                      value={r.source}
                      onChange={(e) => setRow(r.key, { source: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Formula id, row ${i + 1}`}
                      value={r.formulaId}
                      onChange={(e) => setRow(r.key, { formulaId: e.target.value })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove row ${i + 1}`}
                      disabled={rows.length === 1}
                      onClick={() => setRows(rows.filter((x) => x.key !== r.key))}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <button type="button" className="button" onClick={() => setRows([...rows, emptyRow()])}>
          Add a value
        </button>
      </fieldset>
      <SetupFields draft={setup} onChange={setSetup} />
      <Errors errors={errors} title="The result is not valid." rename={formField} />
      <Stored runs={stored} warnings={warnings} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={mutation.isPending}>
          Save result
        </button>
      </div>
    </form>
  );
}

function detect(name: string, text: string): 'json' | 'csv' {
  if (/\.json$/i.test(name)) return 'json';
  if (/\.csv$/i.test(name)) return 'csv';
  return /^\s*[[{]/.test(text) ? 'json' : 'csv';
}

export function ImportResultsForm({ org, project }: Target) {
  const [text, setText] = useState('');
  const [format, setFormat] = useState<'json' | 'csv'>('csv');
  const { mutation, errors, stored, warnings } = useImport();
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const content = await file.text();
    setText(content);
    setFormat(detect(file.name, content));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ org, project, format, text });
  };
  return (
    <form className="form panel published-form" onSubmit={submit} aria-label="Import published results">
      <h2>Import JSON or CSV</h2>
      <p className="muted small">
        CSV: one row per value with the columns{' '}
        <code>run, system, benchmark, source_url, quantity, value</code> and optionally{' '}
        <code>
          system_version, benchmark_version, published, text, unit, origin, quality, source, formula_id
        </code>
        . JSON: one result or an array. The formats are described in the README (“Published results”).
        Everything is checked first; nothing is stored if any row is invalid.
      </p>
      <label>
        File
        <input type="file" accept=".csv,.json,text/csv,application/json" onChange={onFile} />
      </label>
      <fieldset className="format-choice">
        <legend>Format</legend>
        <label>
          <input type="radio" name="format" checked={format === 'csv'} onChange={() => setFormat('csv')} />{' '}
          CSV
        </label>
        <label>
          <input type="radio" name="format" checked={format === 'json'} onChange={() => setFormat('json')} />{' '}
          JSON
        </label>
      </fieldset>
      <label>
        Contents
        <textarea
          rows={10}
          value={text}
          spellCheck={false}
          onChange={(e) => {
            setText(e.target.value);
            if (/^\s*[[{]/.test(e.target.value)) setFormat('json');
          }}
          placeholder="run,system,benchmark,source_url,quantity,value,text,unit,origin,quality,source"
        />
      </label>
      <Errors errors={errors} title="The import is not valid." />
      <Stored runs={stored} warnings={warnings} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={mutation.isPending || !text.trim()}>
          Import
        </button>
      </div>
    </form>
  );
}
