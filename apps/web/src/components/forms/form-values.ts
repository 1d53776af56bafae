// A form's FormData as the object its schema parses: one string per field, or every value of a
// field the schema takes as a list (checkboxes), so that none checked is an empty list.
import { z } from 'zod';

/** The list inside optional, default and transform wrappers, if the field is one. */
function isList(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
  if (def.type === 'array') return true;
  const inner = def.innerType ?? def.in;
  return inner ? isList(inner) : false;
}

export function formValues(schema: z.ZodType, data: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set(data.keys())) values[key] = data.get(key);
  if (schema instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.core.$ZodType>)) {
      if (isList(field)) values[key] = data.getAll(key);
    }
  }
  return values;
}
