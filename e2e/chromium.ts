// How Levelfield launches Chromium, for the browser tests and bench:web alike: Debian's Chromium
// where it is installed (machines without access to Playwright's browser downloads), Playwright's
// own browser everywhere else; no sandbox, GPU or background traffic on build machines.
import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

export const chromiumLaunchOptions: LaunchOptions = {
  ...(executablePath ? { executablePath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};
