// Prisma 7 CLI configuration. Only `prisma generate` runs here (offline); migrations are
// authored and applied by ../db-migrate and src/migrate.ts, so no datasource URL is needed.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
