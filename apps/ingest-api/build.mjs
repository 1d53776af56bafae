// Bundles the server into dist/main.mjs, and the rollup merge thread it starts into
// dist/merge-thread.mjs: workspace packages (TypeScript source) are bundled,
// npm dependencies stay external and are resolved from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [
  ...Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@levelfield/')),
  // @levelfield/db's own npm dependencies, reached through its subpath imports.
  'pg',
  '@prisma/*',
];

await build({
  entryPoints: { main: 'src/main.ts', 'merge-thread': 'src/rollup/merge-thread.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
