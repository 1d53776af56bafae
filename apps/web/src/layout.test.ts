// Where code may run is visible from its folder (CONTRIBUTING.md): everything under server/ is
// server-only, and what can reach a browser — lib/, components/ and every 'use client' module —
// takes nothing but types from server/. A route folder under app/ imports nothing from another
// route's folder: what several routes share lives in components/<feature>/ or lib/. This test
// names the file that breaks a rule in its own imports, before a build is needed; the build,
// through the 'server-only' marker, also refuses a client module that reaches server code through
// another module.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

const read = (file: string) => readFileSync(path.join(SRC, file), 'utf8');

/** 'use client' as the first statement, after any comments. */
const USE_CLIENT = /^(?:\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*\s*['"]use client['"]/;

/** The names an import of ~/server brings in at run time (a type-only specifier brings none). */
function runtimeServerImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?([^'";]*?)\s*from\s*'~\/server\/([^']+)'/g)) {
    if (m[1]) continue;
    const clause = m[2] ?? '';
    const named = /\{([^}]*)\}/.exec(clause)?.[1];
    const runtimeNamed = (named ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type '));
    const defaultOrNamespace = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    if (runtimeNamed.length > 0 || defaultOrNamespace) out.push(`~/server/${m[3]}`);
  }
  return out;
}

/** The top-level route folder an import of `file` reaches under app/, if any ('~/app/…' or relative). */
function routeFolderOf(file: string, specifier: string): string | null {
  const target = specifier.startsWith('~/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? path.normalize(path.join(path.dirname(file), specifier))
      : null;
  const parts = target?.split(path.sep).join('/').split('/') ?? [];
  return parts[0] === 'app' && parts.length > 2 ? (parts[1] ?? null) : null;
}

describe('where code may run', () => {
  it('finds runtime imports of server code and lets type-only ones pass', () => {
    expect(runtimeServerImports("import type { A } from '~/server/a';")).toEqual([]);
    expect(runtimeServerImports("import { type A, type B } from '~/server/a';")).toEqual([]);
    expect(runtimeServerImports("import {\n  type A,\n  b,\n} from '~/server/a';")).toEqual(['~/server/a']);
    expect(runtimeServerImports("import * as x from '~/server/x';")).toEqual(['~/server/x']);
  });

  it("marks every module under server/ 'server-only'", () => {
    const unmarked = sourceFiles('server').filter((f) => !/^import 'server-only';$/m.test(read(f)));
    expect(unmarked).toEqual([]);
  });

  it('keeps each route folder to itself: shared code lives in components/ or lib/', () => {
    expect(routeFolderOf('app/r/[slug]/page.tsx', '../../c/[slug]/headline-table')).toBe('c');
    expect(routeFolderOf('app/r/[slug]/page.tsx', './report.css')).toBe('r');
    expect(routeFolderOf('app/r/[slug]/page.tsx', '~/components/comparisons/headline-table')).toBeNull();
    const crossing = sourceFiles('app').flatMap((file) => {
      const own = file.split(path.sep)[1];
      return [...read(file).matchAll(/(?:from|import)\s+'([^']+)'/g)]
        .map((m) => m[1] ?? '')
        .filter((spec) => {
          const folder = routeFolderOf(file, spec);
          return folder !== null && folder !== own;
        })
        .map((spec) => `${file} → ${spec}`);
    });
    expect(crossing).toEqual([]);
  });

  it('takes only types from server/ in lib/, components/ and client modules', () => {
    const browserSide = [...sourceFiles('lib'), ...sourceFiles('components'), ...sourceFiles('app')].filter(
      (f) => !f.startsWith('app/') || USE_CLIENT.test(read(f)),
    );
    const offending = browserSide.flatMap((f) => runtimeServerImports(read(f)).map((i) => `${f} → ${i}`));
    expect(offending).toEqual([]);
  });
});
