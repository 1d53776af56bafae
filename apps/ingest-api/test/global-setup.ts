// Builds dist/main.mjs once: the shutdown, kill -9 and cross-instance tests run real processes.
import { execFileSync } from 'node:child_process';
import { appDir } from './fixtures.ts';

export default function setup(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: appDir, stdio: 'inherit' });
}
