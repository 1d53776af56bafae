import type { Locator, Page } from '@playwright/test';

// The fairness scorecard (components/checklist) as a reader works it: a check is one line until
// its summary is clicked, the passes sit folded in one group, and deciding or reading the
// evidence takes one more click on its toggle.

const isOpen = (details: Locator) => details.evaluate((d) => (d as HTMLDetailsElement).open);

/** The check's item, opened (and the passes' group around it, if it is a pass). */
export async function openCheck(page: Page, id: string): Promise<Locator> {
  const check = page.locator(`[data-check="${id}"]`);
  const passes = page.locator('details.check-passes').filter({ has: check });
  if ((await passes.count()) > 0 && !(await isOpen(passes))) await passes.locator('> summary').click();
  if (!(await isOpen(check.locator('> details')))) await check.locator('.check-title').click();
  return check;
}

/** Opens one of an opened check's toggles: 'evidence' or 'decide' (the decision form). */
export async function openToggle(check: Locator, toggle: 'evidence' | 'decide'): Promise<void> {
  const details = check.locator(`details.check-${toggle}`);
  if (!(await isOpen(details))) await details.locator('> summary').click();
}
