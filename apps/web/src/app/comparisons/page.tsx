// `/comparisons`: every comparison the viewer may see — public projects' for anyone, and their
// organizations' once signed in — searched, filtered and sorted on the server. The whole state is
// in the URL: the filters are a plain GET form and sorting and paging are links, so a view is a
// shareable address and the page works without JavaScript.
import type { Metadata } from 'next';
import Link from 'next/link';
import { LinkPager } from '~/components/table/link-pager';
import { TableScroll } from '~/components/table/table-scroll';
import {
  ComparisonsQuery,
  FAIRNESS_FILTER_LABEL,
  FAIRNESS_FILTERS,
  parseSearch,
  toSearch,
} from '~/lib/comparisons-query';
import { formatUtc } from '~/lib/format';
import { serverCaller } from '~/server/root';
import { CheckCounts } from './check-counts';
import './comparisons.css';
import { SystemAndBenchmarkSelects } from '~/components/table/facet-select';

export const metadata: Metadata = { title: 'Comparisons' };
export const dynamic = 'force-dynamic';

const SORT_LABEL = { date: 'Updated', flags: 'Flags' } as const;

export default async function ComparisonsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = parseSearch(ComparisonsQuery, await searchParams);
  const data = await (await serverCaller()).comparisons.list(query);
  /** The address of this view with `change` applied; any change but paging starts at page 1. */
  const href = (change: Partial<ComparisonsQuery>) =>
    `/comparisons${toSearch(ComparisonsQuery, { ...query, page: 1, ...change })}`;
  const pages = Math.max(1, Math.ceil(data.total / query.size));
  const orgs = [...new Map(data.facets.projects.map((p) => [p.org.slug, p.org])).values()];
  const sortHeader = (sort: ComparisonsQuery['sort']) => {
    const active = query.sort === sort;
    return {
      'aria-sort': active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined,
      link: (
        <Link href={href({ sort, dir: active && query.dir === 'desc' ? 'asc' : 'desc' })} className="sort">
          {SORT_LABEL[sort]}
          <span aria-hidden="true">{active ? (query.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
        </Link>
      ),
    } as const;
  };
  const dateHeader = sortHeader('date');
  const flagsHeader = sortHeader('flags');

  return (
    <section className="stack comparisons-page">
      <header className="page-head">
        <h1>Comparisons</h1>
        <p className="muted">
          Every comparison you may open, with its fairness checklist at a glance. Published reports anyone can
          read are in the <Link href="/gallery">gallery</Link>.
        </p>
      </header>

      {/* Keyed by the view: a link to another view (a tab, a sort) re-renders this page in place,
          and the uncontrolled fields would otherwise keep the previous view's values. */}
      <form
        key={toSearch(ComparisonsQuery, query)}
        className="filters"
        method="get"
        action="/comparisons"
        aria-label="Filter comparisons"
      >
        <input
          name="q"
          type="search"
          placeholder="Search titles, systems, benchmarks"
          defaultValue={query.q ?? ''}
          aria-label="Search comparisons"
        />
        <select name="org" defaultValue={query.org ?? ''} aria-label="Organization">
          <option value="">All organizations</option>
          {orgs.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.name}
            </option>
          ))}
        </select>
        <select name="project" defaultValue={query.project ?? ''} aria-label="Project">
          <option value="">All projects</option>
          {data.facets.projects.map((p) => (
            <option key={`${p.org.slug}/${p.slug}`} value={p.slug}>
              {p.org.name} / {p.name}
            </option>
          ))}
        </select>
        <SystemAndBenchmarkSelects facets={data.facets} query={query} />
        <select name="state" defaultValue={query.state ?? ''} aria-label="Fairness">
          <option value="">Any fairness state</option>
          {FAIRNESS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {FAIRNESS_FILTER_LABEL[s]}
            </option>
          ))}
        </select>
        {query.sort !== 'date' ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir !== 'desc' ? <input type="hidden" name="dir" value={query.dir} /> : null}
        {query.size !== 25 ? <input type="hidden" name="size" value={query.size} /> : null}
        <button type="submit" className="button">
          Apply
        </button>
      </form>

      <div className="toolbar">
        <nav className="state-tabs" aria-label="Fairness state">
          <Link href={href({ state: undefined })} aria-current={query.state ? undefined : 'page'}>
            All
          </Link>
          {FAIRNESS_FILTERS.map((s) => (
            <Link key={s} href={href({ state: s })} aria-current={query.state === s ? 'page' : undefined}>
              {FAIRNESS_FILTER_LABEL[s]}
            </Link>
          ))}
        </nav>
        <span className="muted" data-testid="comparisons-total">
          {data.total} comparison{data.total === 1 ? '' : 's'}
        </span>
      </div>

      <TableScroll label="Comparisons table">
        <table className="table comparisons-table" aria-label="Comparisons">
          <thead>
            <tr>
              <th>Comparison</th>
              <th>Systems</th>
              <th>Benchmark</th>
              <th>Project</th>
              <th className="sortable" aria-sort={dateHeader['aria-sort']}>
                {dateHeader.link}
              </th>
              <th className="sortable" aria-sort={flagsHeader['aria-sort']}>
                {flagsHeader.link}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="empty-row">
                  No comparison matches. <Link href="/comparisons">Clear the filters</Link>
                </td>
              </tr>
            ) : (
              data.rows.map((c) => (
                <tr key={c.slug}>
                  <td className="name">
                    <Link href={`/c/${c.slug}`}>{c.title}</Link>
                    <div className="muted small sides">{c.sides.join(' vs ')}</div>
                  </td>
                  <td data-label="Systems">{c.systems.join(', ') || '—'}</td>
                  <td data-label="Benchmark">{c.benchmarks.join(', ') || '—'}</td>
                  <td className="small" data-label="Project">
                    <Link href={href({ org: c.project.organization.slug, project: c.project.slug })}>
                      {c.project.organization.name} / {c.project.name}
                    </Link>
                  </td>
                  <td className="small nowrap" data-label="Updated">
                    {formatUtc(c.updatedAt)}
                  </td>
                  <td className="checks">
                    <CheckCounts counts={c.checks} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>

      <LinkPager page={query.page} pages={pages} href={(page) => href({ page })} />
    </section>
  );
}
