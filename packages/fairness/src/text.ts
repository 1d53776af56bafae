// Text is evidence too (docs/fairness.md, principle 7): publications state setups in prose,
// and what a user pastes as notes or configuration is read for the settings the checks know.
// A fact read from text is 'derived' and cites the sentence it came from.
import type { FieldValue } from './normalize.ts';
import { groupField, type Reader, withOthers } from './read.ts';
import type { RunInput } from './schema.ts';

interface Sentence {
  field: string;
  text: string;
}

/** run.notes and software.configuration split into sentences ("key=value" per setting). */
export function sentencesOf(run: RunInput): Sentence[] {
  const out: Sentence[] = [];
  const add = (field: string, value: FieldValue | undefined) => {
    if (value === undefined || value === null) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) out.push({ field, text: `${k}=${String(v)}` });
      return;
    }
    const text = Array.isArray(value) ? value.join('. ') : String(value);
    for (const s of text.split(/(?<=[.;!?])\s+|\n+/)) if (s.trim()) out.push({ field, text: s.trim() });
  };
  add('run.notes', groupField('run', 'notes')(run)?.value);
  add('software.configuration', groupField('software', 'configuration')(run)?.value);
  return out;
}

/**
 * A reader that finds a setting in the run's prose: the first sentence the normaliser
 * recognises. Use it after the structured field (`firstOf(groupField(…), fromText(…))`).
 */
export function fromText(norm: (value: unknown) => string | null): Reader {
  return (run) => {
    for (const s of sentencesOf(run)) {
      const value = norm(s.text);
      if (value !== null)
        return {
          value,
          origin: 'derived',
          source: `read from ${s.field}: “${s.text.slice(0, 200)}”`,
          path: s.field,
        };
    }
    return undefined;
  };
}

/** A structured setting, read from the prose when it is absent; a contradicting sentence is shown. */
export function orText(read: Reader, norm: (value: unknown) => string | null): Reader {
  return withOthers(norm, read, fromText(norm));
}
