// Reading a stored provenance document, which is JSON of any shape (rows written before a field
// existed, documents from other tools): every step is checked, and a value that is not there is
// undefined rather than an error.

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value of a provenance field ({ value, origin }) at group.key; undefined when not recorded. */
export function provenanceValue(provenance: unknown, group: string, key: string): unknown {
  const fields = isObject(provenance) ? provenance[group] : undefined;
  const field = isObject(fields) ? fields[key] : undefined;
  return isObject(field) ? field.value : undefined;
}
