// Every publication in the fairness corpus — real comparisons encoded from their own text, many
// at the import's limits (long names, hundreds of values, prose in every field) — is accepted by
// published.import and answered by every check. Scores are bench:fairness's; this only asserts
// the engine answers real input instead of throwing (a 300-character result name once crashed it).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CHECK_IDS, runChecks } from '@levelfield/fairness';
import { describe, expect, it } from 'vitest';
import { type CorpusFile, corpusComparison } from './corpus.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../../../packages/fairness/corpus');
const STATES = new Set(['pass', 'flag', 'needs_review', 'unknown']);

const sets = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('the fairness corpus through published.import and every check', () => {
  it.each(sets)('%s', (set) => {
    const files = readdirSync(path.join(CORPUS, set)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const file = JSON.parse(readFileSync(path.join(CORPUS, set, name), 'utf8')) as CorpusFile;
      const input = corpusComparison(file);
      if ('errors' in input) throw new Error(`${set}/${name} refused: ${input.errors.join('; ')}`);
      const results = runChecks(input);
      expect(results.map((r) => r.id).sort(), name).toEqual([...CHECK_IDS].sort());
      for (const r of results) {
        expect(STATES.has(r.state), `${name} ${r.id}`).toBe(true);
        expect(r.message.length, `${name} ${r.id}`).toBeGreaterThan(0);
      }
    }
  });
});
