// Prisma 6 CLI configuration for offline migration work: the WASM schema engine (engine: 'js')
// through the pg driver adapter. Used only by src/prisma.mjs, which sets both variables.
import { defineConfig } from 'prisma/config';
import { offlineAdapter } from './src/adapter.mjs';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: process.env.LEVELFIELD_MIGRATE_SCHEMA,
  adapter: async () => offlineAdapter(process.env.DATABASE_URL),
});
