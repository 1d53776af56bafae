'use client';
// The editor's form for declared provenance and disclosure, checked with the schema its procedure
// takes (lib/declared.ts DeclaredEdits); messages are listed above the form and beside the fields.
import { GROUP_LABELS, groupFieldLabel } from '@levelfield/contracts/field-labels';
import { type Disclosure, type Field, GROUP_FIELDS, type Provenance } from '@levelfield/contracts/provenance';
import { OriginBadge } from '@levelfield/ui/badge';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { ErrorSummary, FieldError, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { formatValue } from '~/components/provenance/provenance-panel';
import { DECLARABLE_GROUPS, type DeclarableGroup, DeclaredEdits } from '~/lib/declared';
import { useTRPC } from '~/trpc/react';

const AI_SCOPES = ['harness-code', 'configuration', 'analysis', 'report-text', 'figures'] as const;

function fieldsOf(provenance: Provenance, group: DeclarableGroup): string[] {
  const present = Object.keys(provenance[group]).filter((k) => !k.endsWith('Captured'));
  return [...new Set([...GROUP_FIELDS[group], ...present])];
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Reads the typed values of each group's fields back, by group and key. */
function editsFrom(form: FormData, provenance: Provenance): Record<DeclarableGroup, Record<string, string>> {
  return Object.fromEntries(
    DECLARABLE_GROUPS.map((group) => [
      group,
      Object.fromEntries(
        fieldsOf(provenance, group).map((key) => [key, String(form.get(`${group}.${key}`) ?? '')]),
      ),
    ]),
  ) as Record<DeclarableGroup, Record<string, string>>;
}

/** Reads the disclosure fields of the form back into the contract's shape. */
function disclosureFrom(form: FormData): Disclosure {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const optional = (name: string) => text(name) || undefined;
  return {
    authors: lines(text('authors')).map((line) => {
      const [name = '', affiliation] = line.split('|').map((part) => part.trim());
      return affiliation ? { name, affiliation } : { name };
    }),
    affiliation: optional('affiliation'),
    conflictOfInterest: optional('conflictOfInterest'),
    otherVendorConsulted: text('otherVendorConsulted') as Disclosure['otherVendorConsulted'],
    artefacts: lines(text('artefacts')).map((line) => {
      const [url = '', sha256] = line.split(/\s+/);
      return sha256 ? { url, sha256 } : { url };
    }),
    ai: {
      declared: text('aiDeclared') as Disclosure['ai']['declared'],
      scopes: AI_SCOPES.filter((scope) => form.get(`aiScope:${scope}`) === 'on'),
      tools: text('aiTools')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      promptLog: optional('aiPromptLog'),
      promptLogUrl: optional('aiPromptLogUrl'),
      evidence: [],
      humanResponsible: optional('aiHumanResponsible'),
      humanReviewed: form.get('aiHumanReviewed') === 'on' ? true : undefined,
    },
  } as Disclosure;
}

function declaredText(field: Field | undefined): string {
  return field && field.origin !== 'captured' ? formatValue(field.value) : '';
}

export function DeclaredForm({
  runId,
  provenance,
  disclosure,
}: {
  runId: string;
  provenance: Provenance;
  disclosure: Disclosure;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const save = useMutation(trpc.runs.updateDeclared.mutationOptions());
  const form = useZodForm(
    DeclaredEdits,
    async (edits) => {
      await save.mutateAsync({ runId, ...edits });
      router.push(`/runs/${runId}`);
      router.refresh();
    },
    {
      read: (element) => {
        const data = new FormData(element);
        return { provenance: editsFrom(data, provenance), disclosure: disclosureFrom(data) };
      },
    },
  );
  const { ai } = disclosure;

  return (
    <form className="form declared-form" onSubmit={form.onSubmit} noValidate>
      <ErrorSummary form={form} title="Not saved" />
      {DECLARABLE_GROUPS.map((group) => (
        <fieldset key={group} className="panel">
          <legend>{GROUP_LABELS[group]}</legend>
          <div className="declared-grid">
            {fieldsOf(provenance, group).map((key) => {
              const field = provenance[group][key];
              const name = groupFieldLabel(group, key);
              return (
                <label key={key} title={'help' in name ? name.help : undefined}>
                  <span>
                    {name.label} {field ? <OriginBadge origin={field.origin} /> : null}
                  </span>
                  <input
                    name={`${group}.${key}`}
                    defaultValue={declaredText(field)}
                    placeholder={field?.origin === 'captured' ? `captured: ${formatValue(field.value)}` : ''}
                    maxLength={4096}
                    {...form.field(`provenance.${group}.${key}`)}
                  />
                  <FieldError form={form} path={`provenance.${group}.${key}`} />
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      <fieldset className="panel">
        <legend>Disclosure</legend>
        <label>
          Authors <span className="muted">(one per line: name | affiliation)</span>
          <textarea
            name="authors"
            rows={3}
            {...form.field('disclosure.authors')}
            defaultValue={disclosure.authors
              .map((a) => (a.affiliation ? `${a.name} | ${a.affiliation}` : a.name))
              .join('\n')}
          />
          <FieldError form={form} path="disclosure.authors" />
        </label>
        <label>
          Affiliation
          <input name="affiliation" defaultValue={disclosure.affiliation ?? ''} />
        </label>
        <label>
          Conflict of interest
          <textarea name="conflictOfInterest" rows={2} defaultValue={disclosure.conflictOfInterest ?? ''} />
        </label>
        <label>
          Other vendor consulted
          <select
            name="otherVendorConsulted"
            aria-label="Other vendor consulted"
            defaultValue={disclosure.otherVendorConsulted}
          >
            <option value="not-stated">not stated</option>
            <option value="yes">yes</option>
            <option value="no">no</option>
          </select>
        </label>
        <label>
          Artefacts <span className="muted">(one per line: URL [sha256])</span>
          <textarea
            name="artefacts"
            rows={2}
            {...form.field('disclosure.artefacts')}
            defaultValue={disclosure.artefacts
              .map((a) => (a.sha256 ? `${a.url} ${a.sha256}` : a.url))
              .join('\n')}
          />
          <FieldError form={form} path="disclosure.artefacts" />
        </label>
        <label>
          AI assistance
          <select name="aiDeclared" aria-label="AI assistance" defaultValue={ai.declared}>
            <option value="not-stated">not stated</option>
            <option value="yes">yes</option>
            <option value="no">no</option>
          </select>
        </label>
        <fieldset className="checks">
          <legend className="sr-only">AI assistance scopes</legend>
          {AI_SCOPES.map((scope) => (
            <label key={scope}>
              <input type="checkbox" name={`aiScope:${scope}`} defaultChecked={ai.scopes.includes(scope)} />{' '}
              {scope}
            </label>
          ))}
        </fieldset>
        <label>
          Tools and models <span className="muted">(comma-separated)</span>
          <input name="aiTools" defaultValue={ai.tools.join(', ')} />
        </label>
        <label>
          Prompt log URL
          <input
            name="aiPromptLogUrl"
            type="url"
            defaultValue={ai.promptLogUrl ?? ''}
            {...form.field('disclosure.ai.promptLogUrl')}
          />
          <FieldError form={form} path="disclosure.ai.promptLogUrl" />
        </label>
        <label>
          Prompt log
          <textarea name="aiPromptLog" rows={4} defaultValue={ai.promptLog ?? ''} />
        </label>
        <label>
          Human responsible
          <input name="aiHumanResponsible" defaultValue={ai.humanResponsible ?? ''} />
        </label>
        <label className="inline">
          <input type="checkbox" name="aiHumanReviewed" defaultChecked={ai.humanReviewed === true} /> a human
          reviewed the AI-assisted work
        </label>
      </fieldset>
      <div className="form-actions">
        <SubmitButton pending={form.pending} busyLabel="Saving…">
          Save declared values
        </SubmitButton>
      </div>
    </form>
  );
}
