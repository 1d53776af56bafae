// A report version in a query string: `?version=N` everywhere (the REST API, downloads, report
// pages). `?v=N`, what downloads and report pages were linked with before, is still read there as
// an alias so that links already shared keep working; nothing new is linked with it, and the REST
// API, which never had it, reads `version` only.
export const VERSION_PARAM = 'version';
export const VERSION_ALIAS = 'v';

type Query = URLSearchParams | Record<string, string | string[] | undefined>;

function first(query: Query, name: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The version as written in the query (`version`, else its alias `v`); undefined when neither is there. */
export function versionQuery(query: Query): string | undefined {
  return first(query, VERSION_PARAM) ?? first(query, VERSION_ALIAS);
}

/** A link's query for one version: `?version=N`. */
export function versionSearch(version: number): string {
  return `?${VERSION_PARAM}=${version}`;
}
