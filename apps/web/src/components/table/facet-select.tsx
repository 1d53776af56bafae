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
