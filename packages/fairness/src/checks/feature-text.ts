// Functional features a publication names in its prose settings ("negative caching enabled",
// "compression not implemented", "dnsmasq --no-negcache"): a side that does the work of a feature
// another side skips does not do the same work per operation (F-WL-3). Only features a side
// states count; a side that does not mention one is left out, never read as "off".

import { normText } from '../normalize.ts';
import { derived, groupField } from '../read.ts';
import type { CheckEvidence, ComparisonInput, Entry } from '../schema.ts';
import { isIntended } from '../subject.ts';

/** Features whose absence makes each operation cheaper, by the words that name them. */
const FEATURES: readonly [name: string, pattern: RegExp][] = [
  ['compression', /\bcompress(ion|ed|es|ing)?\b/],
  ['encryption', /\bencrypt(ion|ed|s|ing)?\b/],
  ['checksums', /\bchecksum(s|med|ming)?\b/],
  ['deduplication', /\bdedup\w*/],
  ['negative caching', /\bnegative cach\w*|\bneg ?cache\b/],
  ['TLS', /\b(tls|ssl)\b/],
  ['authentication', /\bauthenticat\w*|\bauth\b/],
  ['validation', /\bvalidat(ion|es|ed|ing)\b/],
];

/** Words around a feature that say it is not done: "no …", "… not implemented", "--no-…", "… off". */
const OFF_BEFORE = /\b(no|without|disabl\w*|skip\w*|turn\w* off|switch\w* off)\s+(\w+\s+){0,2}$/;
const OFF_AFTER =
  /^\s*\w*\s*(is |was |are |were )?(not (implemented|enabled|used|supported|on|done|available)|disabled|off|false|none|absent|unsupported)\b/;

/** The fields whose prose states how a side was set up. */
const PROSE_FIELDS = ['configuration', 'nonDefaultSettings', 'configurationDiff'] as const;

function proseOf(entry: Entry): string[] {
  const texts: string[] = [];
  for (const run of entry.runs)
    for (const key of PROSE_FIELDS) {
      const f = groupField('software', key)(run);
      if (!f || f.differs) continue;
      const values = Array.isArray(f.value) ? f.value : [f.value];
      for (const v of values) if (typeof v === 'string') texts.push(v);
    }
  return texts;
}

/** Each feature the side's prose names, on or off; a feature said both ways is left out. */
export function statedFeatures(entry: Entry): Map<string, 'on' | 'off'> {
  const states = new Map<string, 'on' | 'off' | 'both'>();
  for (const text of proseOf(entry))
    for (const clause of normText(text).split(/[;,.()]/)) {
      for (const [name, pattern] of FEATURES) {
        const m = pattern.exec(clause);
        if (!m) continue;
        const before = clause.slice(0, m.index);
        const after = clause.slice(m.index + m[0].length);
        const state = OFF_BEFORE.test(before) || OFF_AFTER.test(after) ? 'off' : 'on';
        const seen = states.get(name);
        states.set(name, seen && seen !== state ? 'both' : state);
      }
    }
  const out = new Map<string, 'on' | 'off'>();
  for (const [name, state] of states) if (state !== 'both') out.set(name, state);
  return out;
}

/** Features on for some sides and off for others, as stated in their prose settings. */
export function featureSwitches(input: ComparisonInput): { parts: string[]; evidence: CheckEvidence[] } {
  const parts: string[] = [];
  const evidence: CheckEvidence[] = [];
  if (isIntended(input, 'software.configuration') || isIntended(input, 'workload.features'))
    return { parts, evidence };
  const sides = input.entries.map((entry) => ({ entry, features: statedFeatures(entry) }));
  for (const [name] of FEATURES) {
    const on = sides.filter((s) => s.features.get(name) === 'on');
    const off = sides.filter((s) => s.features.get(name) === 'off');
    if (on.length === 0 || off.length === 0) continue;
    parts.push(
      `${name} on for ${on.map((s) => s.entry.label).join(', ')}, off for ${off.map((s) => s.entry.label).join(', ')}`,
    );
    for (const s of [...on, ...off])
      evidence.push(
        derived(
          s.entry,
          `software.configuration (${name})`,
          s.features.get(name) ?? null,
          'read from the prose',
        ),
      );
  }
  return { parts, evidence };
}
