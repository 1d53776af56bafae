// schema.prisma is the one source of truth: the migrations must produce exactly that schema.
import { readFile } from 'node:fs/promises';
import { diffMigrationsToSchema, schemaPath } from '@levelfield/db-migrate';
import { describe, expect, it } from 'vitest';

const adminUrl = () => process.env.LEVELFIELD_TEST_DATABASE_URL!;

describe('schema.prisma and prisma/migrations', () => {
  it('agree (no drift)', async () => {
    const { differs, sql } = await diffMigrationsToSchema(adminUrl());
    expect(differs, `a migration is missing for:\n${sql}`).toBe(false);
  });

  it('a schema change without a migration is detected', async () => {
    const schema = await readFile(schemaPath, 'utf8');
    const changed = schema.replace(
      '  description String?\n  createdAt   DateTime @default(now()) @map("created_at")\n\n  project Project @relation',
      '  description String?\n  driftProbe  Int?\n  createdAt   DateTime @default(now()) @map("created_at")\n\n  project Project @relation',
    );
    expect(changed).not.toBe(schema);
    const { differs, sql } = await diffMigrationsToSchema(adminUrl(), changed);
    expect(differs).toBe(true);
    expect(sql).toMatch(/ALTER TABLE "systems" ADD COLUMN\s+"driftProbe" INTEGER/);
  });
});
