// Bundles the server into dist/main.mjs: workspace packages (TypeScript source) are bundled,
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
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
