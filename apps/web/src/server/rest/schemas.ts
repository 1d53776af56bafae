// The JSON Schemas of what people write by hand — provenance, disclosure, a published result, a
// comparison — generated from the zod schemas the server validates with, so the documentation
// cannot drift from the validation. Served at /api/v1/schemas/{name}.json.
import 'server-only';
import { Disclosure, Provenance } from '@levelfield/contracts/provenance';
import { z } from 'zod';
import { CreateComparison } from '../comparisons/schema.ts';
import { PublicationFile } from '../published/publication.ts';
import { PublishedResult } from '../published/schema.ts';

const SCHEMAS = {
  provenance: {
    schema: Provenance,
    description:
      'A run\'s provenance. Every value is { "value", "origin": "captured" | "declared" | "imported", "source"?, "quality"?, "differs"? }. Fields the contract does not name are refused on import unless their name starts with "x-".',
  },
  disclosure: {
    schema: Disclosure,
    description: 'Who made a result and how: authors, affiliation, AI assistance.',
  },
  'published-result': {
    schema: PublishedResult,
    description:
      'One result of a publication, as POST /api/v1/projects/{org}/{project}/published and published.import take it (one object or an array).',
  },
  publication: {
    // The file's results are checked one by one with published.import's messages; documented as such.
    schema: PublicationFile.extend({ results: z.array(PublishedResult).min(1).max(500) }),
    description:
      'A whole publication as POST /api/v1/projects/{org}/{project}/publications takes it (the format of seeds/): its results, and comparisons whose entries name results.',
  },
  comparison: {
    schema: CreateComparison,
    description:
      'A comparison as POST /api/v1/projects/{org}/{project}/comparisons takes it: entries of run ids, the baseline and the subject (what is compared on purpose).',
  },
} as const;

export type SchemaName = keyof typeof SCHEMAS;
export const SCHEMA_NAMES = Object.keys(SCHEMAS) as SchemaName[];

const cache = new Map<SchemaName, object>();

/** The JSON Schema (draft 2020-12) of the input a person writes, with shared definitions in $defs. */
export function jsonSchema(name: SchemaName): object {
  const cached = cache.get(name);
  if (cached) return cached;
  const { schema, description } = SCHEMAS[name];
  const json = {
    ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'ref' }),
    $id: `/api/v1/schemas/${name}.json`,
    title: name,
    description,
  };
  cache.set(name, json);
  return json;
}
