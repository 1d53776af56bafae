// A filter over one facet of a list (its systems, its benchmarks) as a plain select in a GET
// form: "All …" first, then the values the list has. No hooks: server and client pages share it.
export function FacetSelect({
  name,
  label,
  all,
  values,
  value,
}: {
  name: string;
  /** For screen readers: "System". */
  label: string;
  /** The empty choice: "All systems". */
  all: string;
  values: readonly string[];
  value: string | undefined;
}) {
  return (
    <select name={name} defaultValue={value ?? ''} aria-label={label}>
      <option value="">{all}</option>
      {values.map((v) => (
        <option key={v}>{v}</option>
      ))}
    </select>
  );
}

/** The facets every list of runs or of comparisons filters by, in the order they are offered. */
const SYSTEM_AND_BENCHMARK = [
  { name: 'system', label: 'System', all: 'All systems', facet: 'systems' },
  { name: 'benchmark', label: 'Benchmark', all: 'All benchmarks', facet: 'benchmarks' },
] as const;

/**
 * The system and benchmark filters, which every list of runs or of comparisons offers alike
 * (the runs explorer, /comparisons): a FacetSelect each, over the values the list has.
 */
export function SystemAndBenchmarkSelects({
  facets,
  query,
}: {
  facets: { systems: readonly string[]; benchmarks: readonly string[] };
  query: { system?: string | undefined; benchmark?: string | undefined };
}) {
  return SYSTEM_AND_BENCHMARK.map(({ name, label, all, facet }) => (
    <FacetSelect key={name} name={name} label={label} all={all} values={facets[facet]} value={query[name]} />
  ));
}
