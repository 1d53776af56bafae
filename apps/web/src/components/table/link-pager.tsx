// Previous / "Page n of m" / Next as links, for lists whose page is in the URL and rendered on
// the server (/comparisons, /gallery): paging works without JavaScript. Nothing when one page holds all.
import Link from 'next/link';

export function LinkPager({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  /** The address of a page of the same view. */
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? (
        <Link className="button" href={href(page - 1)}>
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className="button" href={href(page + 1)}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
