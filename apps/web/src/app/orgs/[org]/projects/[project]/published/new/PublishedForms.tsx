'use client';
// The two ways to add published results: one result typed into the form, or a JSON or CSV file.
// Both send published.import's input (lib/schemas/published.ts); the import checks every result
// and names each refused field, which the forms list with what the form itself checked.
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { type ChangeEvent, useState } from 'react';
import type { z } from 'zod';
import { FormFailureError } from '~/components/forms/form-controller';
import { SubmitButton } from '~/components/forms/form-parts';
import { useZodForm, type ZodForm } from '~/components/forms/use-zod-form';
import { EMPTY_SETUP, type SetupDraft, setupFieldName } from '~/lib/published-setup';
import { EnterPublished, ImportPublished, type ValueRow } from '~/lib/schemas/published';
import { useTRPC } from '~/trpc/react';
import { SetupFields } from './SetupFields';

interface Target {
  org: string;
  project: string;
}

/** Sends an import; an invalid one fails the form with each refused field (by line for CSV). */
function useImport(target: Target) {
  const trpc = useTRPC();
  const mutation = useMutation(trpc.published.import.mutationOptions());
  return async (input: z.output<typeof ImportPublished>) => {
    const out = await mutation.mutateAsync({ ...target, ...input });
    if (out.status === 'invalid') {
      throw new FormFailureError({
        code: 'VALIDATION_FAILED',
        message: 'The import is not valid.',
        details: out.errors.map((e) => ({
          field: e.line ? `Line ${e.line}, ${e.field}` : e.field,
          message: e.message,
        })),
      });
    }
    return out;
  };
}

/** "values[2].value" → "Value row 3, value", "setup.nodes.0.memory" → "node 1 memory", for the form. */
function formField(field: string): string {
  if (field.startsWith('setup.')) return setupFieldName(field.slice('setup.'.length));
  const m = field.match(/^values\[(\d+)\]\.?(.*)$/);
  if (m) return `Value row ${Number(m[1]) + 1}${m[2] ? `, ${m[2]}` : ''}`;
  return field;
}

function Errors({
  form,
  title,
  rename = (field) => field,
}: {
  form: ZodForm<unknown>;
  title: string;
  rename?: (field: string) => string;
}) {
  const errors = Object.entries(form.fieldErrors).map(([field, message]) => ({ field, message }));
  if (form.error) errors.push({ field: 'import', message: form.error });
  if (errors.length === 0) return null;
  return (
    <div className="alert" role="alert">
      <p>
        <strong>{title}</strong> Nothing was stored. Fix {errors.length === 1 ? 'this' : 'these'} and try
        again:
      </p>
      <ul className="import-errors">
        {errors.map((e) => (
          <li key={e.field}>
            <code>{rename(e.field)}</code>: {e.message}
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
function Stored({
  outcome,
}: {
  outcome?: { runs: StoredRun[]; warnings: { field: string; message: string }[] };
}) {
  if (!outcome || outcome.runs.length === 0) return null;
  const { runs, warnings } = outcome;
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

type Row = ValueRow & { key: number };

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
  const send = useImport({ org, project });
  const form = useZodForm(
    EnterPublished,
    async (input) => {
      const out = await send(input);
      setRows([emptyRow()]);
      return out;
    },
    { read: () => ({ ...fields, values: rows, setup }) },
  );
  const set = (k: keyof typeof fields) => (e: ChangeEvent<HTMLInputElement>) =>
    setFields({ ...fields, [k]: e.target.value });
  const setRow = (key: number, patch: Partial<Row>) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <form
      className="form panel published-form"
      onSubmit={form.onSubmit}
      aria-label="Enter a published result"
    >
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
          figure exactly as printed (<code>1,100*</code>; left empty, the value and unit as you typed them),
          Source the section or table.
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
      <Errors form={form} title="The result is not valid." rename={formField} />
      <Stored outcome={form.result} />
      <div className="form-actions">
        <SubmitButton pending={form.pending} busyLabel="Save result">
          Save result
        </SubmitButton>
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
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useZodForm(ImportPublished, useImport({ org, project }), { read: () => ({ format, text }) });
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    // Read strictly: File.text() would turn a Windows-1252 CSV's "Müller" into "M�ller" before
    // anything could say so (the server refuses such bytes too).
    let content: string;
    try {
      content = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      setFileError(
        `${file.name} is not UTF-8 text: from a spreadsheet, save it as "CSV UTF-8" and choose it again`,
      );
      return;
    }
    setFileError(null);
    setText(content);
    setFormat(detect(file.name, content));
  };
  return (
    <form
      className="form panel published-form"
      onSubmit={form.onSubmit}
      aria-label="Import published results"
    >
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
      {fileError ? (
        <div className="alert" role="alert">
          {fileError}
        </div>
      ) : null}
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
      <Errors form={form} title="The import is not valid." />
      <Stored outcome={form.result} />
      <div className="form-actions">
        <SubmitButton pending={form.pending} busyLabel="Import" disabled={form.pending || !text.trim()}>
          Import
        </SubmitButton>
      </div>
    </form>
  );
}
