// `/gallery`: the public reports of every organization, newest first, for anyone (signed in or
// not). Only reports published as public are listed; each card reads its published snapshot.
import type { Metadata } from 'next';
import Link from 'next/link';
import { ReportCard } from '~/components/orgs/report-list';
import { LinkPager } from '~/components/table/link-pager';
import { GALLERY_PAGE_SIZE, GalleryQuery, parseSearch, toSearch } from '~/lib/comparisons-query';
import { serverCaller } from '~/server/root';
import './gallery.css';

export const metadata: Metadata = { title: 'Gallery' };
export const dynamic = 'force-dynamic';

export default async function GalleryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = parseSearch(GalleryQuery, await searchParams);
  const data = await (await serverCaller()).reports.gallery(query);
  const pages = Math.max(1, Math.ceil(data.total / GALLERY_PAGE_SIZE));
  const pageHref = (page: number) => `/gallery${toSearch(GalleryQuery, { ...query, page })}`;
  return (
    <section className="stack">
      <header className="page-head">
        <h1>Gallery</h1>
        <p className="muted">
          Benchmark reports published for everyone to read, newest first — each a fixed, verifiable version
          with its provenance and fairness checklist.
        </p>
      </header>

      {/* Keyed by the search, so the field shows the search of the page shown (see /comparisons). */}
      <form
        key={query.q ?? ''}
        className="filters"
        method="get"
        action="/gallery"
        aria-label="Search the gallery"
      >
        <input
          name="q"
          type="search"
          placeholder="Search titles, systems, benchmarks"
          defaultValue={query.q ?? ''}
          aria-label="Search reports"
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>

      <p className="muted" data-testid="gallery-total">
        {data.total} report{data.total === 1 ? '' : 's'}
        {query.q ? (
          <>
            {' '}
            matching “{query.q}” · <Link href="/gallery">show all</Link>
          </>
        ) : null}
      </p>

      {data.reports.length === 0 ? (
        <p className="empty">{query.q ? 'No public report matches.' : 'No public report yet.'}</p>
      ) : (
        <ul className="card-list" aria-label="Public reports">
          {data.reports.map((r) => (
            <ReportCard key={r.slug} report={r} className="gallery-card">
              {r.withheld ? (
                <span className="muted small">
                  Withheld: it includes runs of another organization that are no longer shared with you.
                </span>
              ) : (
                <>
                  <span className="small">{r.sides.join(' vs ')}</span>
                  {r.headline ? <span className="headline small">{r.headline}</span> : null}
                  <span className="card-meta muted small">
                    {r.systems.length > 0 ? <span>{r.systems.join(', ')}</span> : null}
                    {r.benchmarks.length > 0 ? <span>{r.benchmarks.join(', ')}</span> : null}
                    <span className={r.flagged > 0 ? 'flagged' : 'all-clear'}>
                      {r.flagged} flagged check{r.flagged === 1 ? '' : 's'}
                    </span>
                  </span>
                </>
              )}
            </ReportCard>
          ))}
        </ul>
      )}

      <LinkPager page={query.page} pages={pages} href={pageHref} />
    </section>
  );
}
