// The README's quick start is exactly two commands (start, then test) and CI runs that test command.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

function quickStartCommands(): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Quick start'));
  if (!section) throw new Error('README has no "## Quick start" section');
  const block = section.match(/```[a-z]*\n([\s\S]*?)```/);
  if (!block?.[1]) throw new Error('the Quick start section has no fenced code block');
  return block[1].split('\n').filter((line) => line.trim() !== '');
}

describe('README quick start', () => {
  it('is exactly two commands: npm start, then npm test', () => {
    expect(quickStartCommands()).toEqual(['npm start', 'npm test']);
  });

  it('names scripts that exist', () => {
    expect(packageJson.scripts.start).toBe('node scripts/start.mjs');
    expect(packageJson.scripts.test).toBe('node scripts/test.mjs');
  });

  it('is what CI runs', () => {
    const ci = readFileSync('.ci/run', 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    expect(ci).toContain('npm test');
  });
});
