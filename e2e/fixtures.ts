import { expect, type Page } from '@playwright/test';

export const DEMO_EMAIL = 'demo@levelfield.local';

export function e2eEnv(
  name: 'E2E_WEB_URL' | 'E2E_INGEST_URL' | 'E2E_DEMO_TOKEN' | 'E2E_DEMO_PASSWORD',
): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through \`npm test\``);
  return value;
}

export async function signInAsDemo(page: Page, callbackPath = '/runs'): Promise<void> {
  await page.goto(`${e2eEnv('E2E_WEB_URL')}/signin?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(e2eEnv('E2E_DEMO_PASSWORD'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${callbackPath}$`));
}
