'use client';
// "Publish report" on a comparison page, for those who may publish: freezes the comparison as it
// is now into a new immutable version of its report (the first publication also chooses the
// report's address). Publishing what the latest version already says adds nothing, and says so.
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FieldError, FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { VISIBILITY_HELP } from '~/components/reports/visibility-help';
import { PublishReport, type ReportVisibility as Visibility } from '~/lib/schemas/reports';
import type { ComparisonReport } from '~/server/reports/of-comparison';
import { useTRPC } from '~/trpc/react';

/** What the panel asks; the comparison is the page's. */
const Publication = PublishReport.omit({ comparison: true });

interface Props {
  comparison: { slug: string; title: string };
  report: ComparisonReport;
}

export function PublishPanel({ comparison, report }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const [title, setTitle] = useState(report?.title ?? comparison.title);
  const [slug, setSlug] = useState(comparison.slug);
  // A first publication is private until someone chooses otherwise; a republication keeps the report's.
  const [visibility, setVisibility] = useState<Visibility>(report?.visibility ?? 'private');
  const publish = useMutation(trpc.reports.publish.mutationOptions());
  const form = useZodForm(
    Publication,
    async (input) => {
      const outcome = await publish.mutateAsync({ comparison: comparison.slug, ...input });
      router.refresh();
      return outcome;
    },
    // The address is chosen at the first publication only.
    { read: () => ({ title, visibility, ...(report ? {} : { slug }) }) },
  );
  const outcome = form.result;
  const refused = form.error !== null || Object.keys(form.fieldErrors).length > 0;
  return (
    <details className="panel publish-panel" open={outcome !== undefined || refused}>
      <summary>
        <strong>{report ? 'Publish a new version' : 'Publish report'}</strong>{' '}
        {report ? (
          <span className="muted small">
            published as <Link href={`/r/${report.slug}`}>/r/{report.slug}</Link>
            {report.latest ? `, version ${report.latest}` : ''} ({report.visibility})
          </span>
        ) : (
          <span className="muted small">freeze this comparison as an immutable, versioned report</span>
        )}
      </summary>
      <form className="form publish-form" onSubmit={form.onSubmit} aria-label="Publish report">
        <p className="muted small">
          The report keeps the tables, checks with their decisions, charts, provenance and disclosure as they
          are now. Later changes to the comparison reach it only when you publish again, as a new version.
        </p>
        <label>
          Title
          <input
            name="title"
            required
            maxLength={300}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            {...form.field('title')}
          />
          <FieldError form={form} path="title" />
        </label>
        {report ? null : (
          <label>
            Address
            <span className="slug-input">
              <span className="slug-prefix">/r/</span>
              <input
                name="slug"
                required
                value={slug}
                onChange={(e) => setSlug(e.target.value)}
                {...form.field('slug', 'publish-slug-hint')}
              />
            </span>
            <span id="publish-slug-hint" className="hint">
              Lower-case letters, digits and hyphens; it cannot change once published. A report that is not
              public gets a random suffix, so its address cannot be guessed.
            </span>
            <FieldError form={form} path="slug" />
          </label>
        )}
        <fieldset className="choices">
          <legend>Who may read it</legend>
          {(Object.keys(VISIBILITY_HELP) as Visibility[]).map((v) => (
            <label key={v} className="choice">
              <input
                type="radio"
                name="visibility"
                value={v}
                checked={visibility === v}
                onChange={() => setVisibility(v)}
              />
              <span>
                <strong>{v}</strong> <span className="muted">— {VISIBILITY_HELP[v]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormAlert form={form} inline />
        {outcome ? (
          <p className="notice ok" role="status">
            {outcome.unchanged
              ? `Unchanged since version ${outcome.version}: nothing was added. `
              : `Published version ${outcome.version}. `}
            <Link href={`/r/${outcome.slug}`}>Open /r/{outcome.slug}</Link>
          </p>
        ) : null}
        <div>
          <SubmitButton pending={form.pending} busyLabel="Publishing…">
            {report ? 'Publish new version' : 'Publish'}
          </SubmitButton>
        </div>
      </form>
    </details>
  );
}
