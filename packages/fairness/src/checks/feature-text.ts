// Functional features a publication names in its prose settings ("negative caching enabled",
// "compression not implemented", "dnsmasq --no-negcache"): a side that does the work of a feature
// another side skips does not do the same work per operation (F-WL-3). Only features a side
// states count; a side that does not mention one is left out, never read as "off".

import { admitsUnknown, normText } from '../normalize.ts';
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

// --- Settings switched on one side and off on another (F-SW-2) ----------------------------------

/**
 * The words a clause says were not done, used or set: those right after "no", "without", "not"
 * ("no disk striping", "not linked against mimalloc") or right before "not used", "disabled",
 * "off" ("FlashAttention-2 not used"). A clause about what the text shows ("no level printed")
 * says nothing of the setup.
 */
const OFF_LEAD = /\b(?:no|not|without|never|disabled?)\s+((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)/g;
const OFF_TRAIL =
  /((?:[a-z][\w-]*\s+){0,1}[a-z][\w-]*)\s+(?:is |was |are |were )?(?:not (?:used|enabled|set|applied|installed|loaded|configured|on)|disabled|switched off|turned off)\b/g;
const ABOUT_THE_TEXT =
  /\b(printed|shown|given|reported|mentioned|listed|stated|specified|documented|described)\b/;
/**
 * A command line or code ("appendonly no protected-mode no", "{ port: 3040"): "no" there is a
 * value, and its words are flags and paths, not prose. Printed settings are counted elsewhere.
 */
const CODE = /[{}=$"`]|--|::|\/\w/;

/**
 * Words that name no setting of their own: the verbs and fillers around one ("linked against",
 * "beyond what is listed").
 */
const FILLER = new Set(
  'about above across after against also applied because before being beyond both build built came changed configured configuration default defaults does done each either enable enabled extra flag flags from have into just left like linked links listed made mode more most much only option options other over same server client setting settings side sides since some such than that their them then there these they this those through tuned tuning turned under until used uses using value values very were what when where which while with would'.split(
    ' ',
  ),
);

/** A word's stem, so "striped" meets "striping" and "disks" meets "disk". */
function stem(word: string): string {
  const bare = word.replace(/(ing|ed|es|s|ions?)$/, '');
  return bare.length >= 4 ? bare : word;
}

/** The setting words of a text: four letters or more, not filler, as stems. */
function settingWords(text: string): string[] {
  return (text.match(/[a-z][a-z0-9_-]{3,}/g) ?? []).filter((w) => !FILLER.has(w)).map(stem);
}

/** A side's prose clauses: the setting words each names, and those it says went unused. */
function clausesOf(entry: Entry): { text: string; words: string[]; off: string[] }[] {
  return proseOf(entry).flatMap((text) =>
    text
      .split(/[;,.()]/)
      .filter((raw) => !CODE.test(raw))
      .map((raw) => normText(raw).trim())
      .filter((clause) => clause.length > 0 && !admitsUnknown(clause) && !ABOUT_THE_TEXT.test(clause))
      .map((clause) => ({
        text: clause,
        words: settingWords(clause),
        off: [...clause.matchAll(OFF_LEAD), ...clause.matchAll(OFF_TRAIL)].flatMap((m) =>
          settingWords(m[1] as string),
        ),
      })),
  );
}

/**
 * Settings a side's prose says it did not use that another side's prose says it did ("data
 * storage striped across four disks" against "no disk striping"; "links mimalloc" against "not
 * linked against mimalloc"): each side's setup as printed, one with a setting the other went
 * without. The functional features F-WL-3 reads (compression, TLS…) are left to it.
 */
export function settingSwitches(input: ComparisonInput): { parts: string[]; evidence: CheckEvidence[] } {
  const parts: string[] = [];
  const evidence: CheckEvidence[] = [];
  if (isIntended(input, 'software.configuration')) return { parts, evidence };
  const sides = input.entries.map((entry) => ({ entry, clauses: clausesOf(entry) }));
  // The systems' own names are the subject, not a setting ("Core ML" against "no Core ML").
  const names = new Set(input.entries.flatMap((e) => settingWords(normText(e.system ?? ''))));
  const featureWords = (clause: string) => FEATURES.some(([, pattern]) => pattern.test(clause));
  for (const off of sides)
    for (const clause of off.clauses.filter((c) => c.off.length > 0 && !featureWords(c.text))) {
      const unused = clause.off.filter((w) => !names.has(w));
      for (const on of sides) {
        if (on === off) continue;
        // Named on the other side and not said to be unused there.
        const match = on.clauses.find(
          (c) =>
            c.off.length === 0 &&
            unused.some((w) => c.words.includes(w)) &&
            !on.clauses.some((n) => n.off.some((w) => unused.includes(w))),
        );
        if (!match) continue;
        parts.push(`${on.entry.label}: "${match.text}" vs ${off.entry.label}: "${clause.text}"`);
        evidence.push(
          derived(on.entry, 'software.configuration', match.text, 'read from the prose'),
          derived(off.entry, 'software.configuration', clause.text, 'read from the prose'),
        );
      }
    }
  return { parts: [...new Set(parts)], evidence };
}
