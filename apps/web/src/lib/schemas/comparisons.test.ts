import { describe, expect, it } from 'vitest';
import { issueErrors } from '~/components/forms/form-controller';
import { formValues } from '~/components/forms/form-values';
import { CreateComparison, DecideCheck } from './comparisons';

/** What the decision form parses: the page supplies the comparison and the check. */
const Decision = DecideCheck.omit({ slug: true, checkId: true });

/** The decision form's values: its textarea and the button pressed (the submitter's value). */
function decisionValues(justification: string, decision: string) {
  const data = new FormData();
  data.set('justification', justification);
  data.set('decision', decision);
  return formValues(Decision, data);
}

const errorsOf = (out: { success: boolean; error?: Parameters<typeof issueErrors>[0] }) =>
  out.error ? issueErrors(out.error) : {};

describe('the check decision form schema', () => {
  it('refuses an empty or blank justification with the message the form always showed', () => {
    for (const text of ['', '   ']) {
      expect(errorsOf(Decision.safeParse(decisionValues(text, 'waived')))).toEqual({
        justification: 'Write a justification: a decision without one is not recorded.',
      });
    }
  });

  it("keeps the engine's rules: a trimmed justification of at most 4000 characters, two decisions", () => {
    expect(Decision.parse(decisionValues('  Same demo machine. ', 'confirmed'))).toEqual({
      decision: 'confirmed',
      justification: 'Same demo machine.',
    });
    expect(Object.keys(errorsOf(Decision.safeParse(decisionValues('x'.repeat(4001), 'waived'))))).toEqual([
      'justification',
    ]);
    expect(Object.keys(errorsOf(Decision.safeParse(decisionValues('why', 'dismissed'))))).toEqual([
      'decision',
    ]);
  });

  it('is the procedure input with the page’s comparison and check', () => {
    expect(
      DecideCheck.safeParse({ slug: 'a-vs-b', checkId: 'F-HW-1', decision: 'waived', justification: 'ok' })
        .success,
    ).toBe(true);
    expect(
      errorsOf(
        DecideCheck.safeParse({ slug: 'a-vs-b', checkId: 'hw', decision: 'waived', justification: 'ok' }),
      ),
    ).toHaveProperty('checkId');
  });
});

describe('the save-comparison form schema', () => {
  const entries = [
    { label: 'tpcb-like', runIds: ['r1'] },
    { label: 'select-only', runIds: ['r2', 'r3'] },
  ];
  const saved = {
    title: 'tpcb vs select',
    slug: 'tpcb-vs-select',
    baseline: 0,
    subject: ['system'],
    entries,
  };

  it('takes what the form sends', () => {
    expect(CreateComparison.parse(saved)).toMatchObject(saved);
  });

  it("puts each refusal at the field the form shows it under (entries' under the entries)", () => {
    expect(errorsOf(CreateComparison.safeParse({ ...saved, title: ' ', slug: 'No Slug' }))).toEqual({
      title: 'a comparison needs a title',
      slug: 'use lower-case letters, digits and single hyphens, e.g. rama-vs-crdb',
    });
    expect(
      errorsOf(CreateComparison.safeParse({ ...saved, entries: [entries[0], { ...entries[1], label: '' }] })),
    ).toEqual({ 'entries.1.label': 'every entry needs a label' });
    expect(
      errorsOf(
        CreateComparison.safeParse({
          ...saved,
          entries: [entries[0], { ...entries[1], label: 'tpcb-like' }],
        }),
      ),
    ).toEqual({ entries: 'entry labels must differ' });
  });
});
